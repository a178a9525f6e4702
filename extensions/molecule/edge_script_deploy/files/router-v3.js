export default {
  async fetch(request) {
    return new Response("broken", { status: 500 });
  },
};
