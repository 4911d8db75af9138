/** A floor for the bundle figures: the same React and router, one route, nothing else. */
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

const router = createBrowserRouter([{ path: '*', element: <main>Floor</main> }]);
const root = document.getElementById('root');
if (root) createRoot(root).render(<RouterProvider router={router} />);
