export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    url.hostname = env.ORIGIN;
    return fetch(url, request);
  },
};
