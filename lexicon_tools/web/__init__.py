"""The table-side page served by `lexicon-tools serve`, at the top of the layers beside `cli`.

* `table` — judge, score a turn, tiles left: calls the lexicon and the engine, keeps no game;
* `schemas` — the JSON API's request bodies and their limits;
* `shared` — shared tables in memory, bounded in count, age and size;
* `guard` — body size limit and security headers (ASGI middleware);
* `app` — the FastAPI app: the page (``static/``) and the API routes;
* `loader` — open the lexicon and ruleset a server starts with.
* `history` — the table's turns laid again, for the rules that depend on the game, not on the board;
* `record` — the board turns as a GCG game record for ``replay``;
* `scoreless` — a pass, exchange or resignation checked by the engine with the bag the turns leave;
* `ending` — the end step: the ruleset's rack penalties and credit, and the ranking;
* `offline` — the compact lexicon route and the service worker, for a page with the server gone
  (`static/offline.js` judges from the compact set, `static/sync.js` merges turns entered offline).

FastAPI and uvicorn are imported only here and by the ``serve`` command.
"""
