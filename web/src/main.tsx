import './zod-jitless.ts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { initI18n, PUBLIC_AREAS } from './i18n/index.ts'
import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')
// the public pages' texts first; the signed-in shell loads the rest of its language with itself
void initI18n(PUBLIC_AREAS).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
)
