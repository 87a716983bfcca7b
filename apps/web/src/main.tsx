import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { App, ConfigProvider } from 'antd'
import enGB from 'antd/locale/en_GB'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { ApiError } from './platform/api-client.ts'
import { appTheme } from './platform/theme.ts'
import { createAppRouter } from './router.tsx'

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx answer will not change by asking again.
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
})

const router = createAppRouter(queryClient)

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element.')

createRoot(container).render(
  <StrictMode>
    <ConfigProvider locale={enGB} theme={appTheme}>
      <App message={{ maxCount: 3 }}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </App>
    </ConfigProvider>
  </StrictMode>,
)
