import { createContext, useContext } from 'react';

/**
 * True while the server renders the login page's first paint (web/src/firstPaint.tsx):
 * what only works once the app runs (the submit button) is rendered inert there.
 */
export const FirstPaintContext = createContext(false);

export const useFirstPaint = (): boolean => useContext(FirstPaintContext);
