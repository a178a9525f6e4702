export default { fetch() { return new Response('from a file'); } };
