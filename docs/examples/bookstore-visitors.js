'use strict';
// Visitors for docs/examples/bookstore-server.js: a /health check every 250 ms and a /search every two
// seconds, each line saying how long the answer took, so that a /search holding the loop shows in the
// health checks' times too. `node docs/examples/bookstore-visitors.js [PORT] [SECONDS]` (default 8080, and
// until stopped).
const http = require('http');

const port = Number(process.argv[2]) || 8080;
const seconds = Number(process.argv[3]) || Infinity;
const queries = ['hidden river', 'the last letter', 'red garden', 'silent tower'];

function visit(path) {
  const started = process.hrtime.bigint();
  http
    .get({ host: '127.0.0.1', port, path }, (response) => {
      response.resume();
      response.on('end', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        console.log(`${path} ${response.statusCode} in ${ms.toFixed(1)} ms`);
      });
    })
    .on('error', (error) => console.log(`${path} failed: ${error.message}`));
}

let searches = 0;
const health = setInterval(() => visit('/health'), 250);
const search = setInterval(() => visit(`/search?q=${encodeURIComponent(queries[searches++ % queries.length])}`), 2000);
if (Number.isFinite(seconds)) {
  setTimeout(() => {
    clearInterval(health);
    clearInterval(search);
  }, seconds * 1000);
}
