import { ErrorPage } from './ErrorPage';

const UnauthorizedPage = () => <ErrorPage kind="unauthorized" />;
export default UnauthorizedPage;
