// The catalogue pages' import path (ProductsPage still uses it); the component lives in components/.
export { FetchError, type FetchErrorProps } from '../../components/FetchError';
