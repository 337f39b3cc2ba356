/**
 * graphql as mercurius sees it. mercurius is CommonJS, so its schema comes from graphql's
 * CommonJS build, and graphql refuses a schema from one build in functions of the other
 * ("from another module or realm"). Required from here, graphql and graphql-query-complexity
 * are that same build under Node; a bundler resolves both to one module anyway.
 */
module.exports = { graphql: require('graphql'), complexity: require('graphql-query-complexity') };
