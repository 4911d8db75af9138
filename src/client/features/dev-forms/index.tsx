import { DevFormsPage } from './dev-forms-page';

export { DevFormsPage };
export default DevFormsPage;
