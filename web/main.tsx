import '@fontsource-variable/nunito/wght.css';
import '@fontsource-variable/noto-kufi-arabic/wght.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';

function render(): void {
  const router = createAppRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

// Translations first, so the first paint is already in the visitor's language and direction.
void initI18n().finally(render);
