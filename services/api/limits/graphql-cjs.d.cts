declare const cjs: { graphql: typeof import('graphql'); complexity: typeof import('graphql-query-complexity') };
export = cjs;
