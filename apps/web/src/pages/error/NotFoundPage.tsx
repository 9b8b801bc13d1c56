import { ErrorPage } from './ErrorPage';

const NotFoundPage = () => <ErrorPage kind="notFound" />;
export default NotFoundPage;
