'use strict';
// A small bookstore API to attach LoopScope to (README, "Finding the route that blocks"). Two routes
// answer at once; /search ranks every title against the query in JavaScript, on the loop's only thread,
// and holds every other request while it does. Run it with `node docs/examples/bookstore-server.js`
// (PORT sets the port, default 8080), then attach from File > Attach to a running Node.js process….
const http = require('http');

const titles = [];
for (let i = 0; i < 50000; ++i) {
  titles.push(`The ${['Silent', 'Hidden', 'Last', 'Red', 'Lost'][i % 5]} ${['Garden', 'River', 'Tower', 'Letter'][i % 4]} ${i}`);
}

// How alike two strings are: the length of their longest common subsequence, O(a × b).
function likeness(a, b) {
  let previous = new Array(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; ++i) {
    const row = [0];
    for (let j = 1; j <= b.length; ++j) {
      row.push(a[i - 1] === b[j - 1] ? previous[j - 1] + 1 : Math.max(previous[j], row[j - 1]));
    }
    previous = row;
  }
  return previous[b.length];
}

function rankTitles(query) {
  return titles
    .map((title) => ({ title, score: likeness(query, title) }))
    .sort((x, y) => y.score - x.score)
    .slice(0, 5);
}

function search(request, response, url) {
  const found = rankTitles(url.searchParams.get('q') || '');
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(found));
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url, 'http://localhost');
  if (url.pathname === '/health') {
    response.end('ok\n');
  } else if (url.pathname === '/search') {
    search(request, response, url);
  } else {
    response.statusCode = 404;
    response.end('no such page\n');
  }
});

server.listen(Number(process.env.PORT) || 8080, '127.0.0.1', () => {
  console.log(`bookstore listening on http://127.0.0.1:${server.address().port}`);
});
