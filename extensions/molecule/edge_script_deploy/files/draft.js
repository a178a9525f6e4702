export default { async fetch(request) { return new Response("draft"); } };
