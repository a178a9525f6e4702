export default {
  async fetch(request) {
    const url = new URL(request.url);
    url.hostname = "origin.example.com";
    return fetch(url, request);
  },
};
