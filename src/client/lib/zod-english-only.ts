/*
 * zod's message locales as the web build has them: English alone. zod 4 exports all 40-odd of
 * them as a namespace (`z.locales`) that webpack cannot drop, which made the chunk every logged-in
 * page loads 410 KB, two thirds of it messages in languages the app never shows (the server, where
 * size costs nothing, keeps them all). webpack.config.ts puts this module in their place.
 */
export { default as en } from 'zod/v4/locales/en.js';
