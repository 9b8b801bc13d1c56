import { ProductForm } from './ProductForm';

/** Product > Add (hidden; admin): the stepped product form, saved as a draft. */
const ProductAddPage = () => <ProductForm mode="add" />;

export default ProductAddPage;
