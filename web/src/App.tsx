import { RouterProvider } from 'react-router/dom'
import { AppTheme } from './layout/AppTheme.tsx'
import { router } from './router.tsx'

export const App = () => (
  <AppTheme>
    <RouterProvider router={router} />
  </AppTheme>
)
