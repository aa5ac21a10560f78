// Babel compiles the web app for webpack and every TypeScript file for jest; tsc only type-checks.
module.exports = (api) => {
  const isTest = api.env('test');
  return {
    presets: [
      isTest ? ['@babel/preset-env', { targets: { node: 'current' } }] : ['@babel/preset-env', { bugfixes: true, modules: false }],
      ['@babel/preset-react', { runtime: 'automatic' }],
      ['@babel/preset-typescript', { allowDeclareFields: true, onlyRemoveTypeImports: true }],
    ],
  };
};
