import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack, { type Configuration } from 'webpack';
import { CHUNK_LOAD_TIMEOUT_MS } from './src/shared/constants';
import { PrecompressPlugin } from './tools/precompress-plugin';

/**
 * The web app: one entry (router, store, session check) and a lazy chunk per page, so a property
 * owner opening a shared link on a phone never downloads the logged-in app, socket.io or Stripe.
 * Loaded through tsx: `NODE_OPTIONS='--import tsx' webpack …` (see package.json).
 */
export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    // Two pages: the app, and the shared-link pages a property owner opens on a phone (shared.html,
    // served for /s/*), which must not carry the app's router, session, socket or persistence.
    entry: { main: './src/client/index.tsx', shared: './src/client/shared-link/entry.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist/public'),
      filename: '[name].[contenthash].js',
      chunkFilename: '[name].[contenthash].js',
      assetModuleFilename: 'assets/[name].[contenthash][ext]',
      publicPath: '/',
      // Slow mobile links: webpack's default of 120 s is kept explicit because the spec names it.
      chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // zod with its eval-free setting applied, wherever it is first loaded (see the module).
      alias: { zod$: path.resolve(__dirname, 'src/client/lib/zod-without-eval.ts') },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: { loader: 'babel-loader', options: { configFile: path.resolve(__dirname, 'babel.config.js') } },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(svg|png|jpe?g|gif|webp|ico)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      // zod's locales: English only (see the module).
      new webpack.NormalModuleReplacementPlugin(
        /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/,
        path.resolve(__dirname, 'src/client/lib/zod-english-only.ts'),
      ),
      new HtmlWebpackPlugin({ template: path.resolve(__dirname, 'public/index.html'), chunks: ['main'] }),
      new HtmlWebpackPlugin({ template: path.resolve(__dirname, 'public/shared.html'), filename: 'shared.html', chunks: ['shared'] }),
      new MiniCssExtractPlugin({ filename: '[name].[contenthash].css', chunkFilename: '[name].[contenthash].css' }),
      // Brotli and gzip copies beside each file, made once here rather than on every request.
      ...(production ? [new PrecompressPlugin()] : []),
    ],
    optimization: {
      // 'all' lets node_modules used by the entry and by lazy pages split into their own chunks; a
      // chunk only ever holds modules every page that loads it needs, so public pages stay lean.
      splitChunks: {
        // The shared-link entry stays one file (plus its runtime): a phone makes fewer requests, and
        // nothing it holds can be shared with a page it does not load. Its lazy chunks split as usual.
        chunks: (chunk) => chunk.name !== 'shared',
        cacheGroups: {
          // The entry's libraries (React, Redux, router) change rarely: their own long-cached file.
          framework: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-redux|react-router|react-router-dom|@reduxjs|redux|redux-persist|immer|reselect|use-sync-external-store)[\\/]/,
            name: 'framework',
            // Only the app's entry: a named group would otherwise merge the shared page's React into
            // the same file as react-router and redux-persist.
            chunks: (chunk) => chunk.name === 'main',
            priority: 10,
          },
        },
      },
      // One runtime per page: the shared page's need not list the app's dozens of lazy chunks.
      runtimeChunk: { name: (entrypoint: { name: string }) => (entrypoint.name === 'shared' ? 'shared-runtime' : 'runtime') },
    },
    // Production serves no source maps: they would hand our sources and comments to anyone who asks.
    // Development maps are files: eval() maps break under the Content-Security-Policy (no unsafe-eval).
    devtool: production ? false : 'cheap-module-source-map',
    performance: {
      // The framework chunk alone is over webpack's 244 KB default (uncompressed); warn only past that.
      maxEntrypointSize: 600_000,
      maxAssetSize: 450_000,
    },
  };
};
