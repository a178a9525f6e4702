export default { fetch(request) { return fetch(request); } };
