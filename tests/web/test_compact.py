"""The compact lexicon (`lexicon.compact`) and the offline routes (`web.offline`) through the real app.

The size target on the real default lexicons is measured by bench/compact_lexicon_size.py (building the
Wortspieler lexicon takes about 40 s); here the format, its ETag and the service worker script.
"""

from __future__ import annotations

import random
import shutil

import pytest
from fastapi.testclient import TestClient

from lexicon_tools.web.app import STATIC, create_app
from lexicon_tools.lexicon.compact import decode_words, encode_words, read_compact
from lexicon_tools.web.loader import open_table
from lexicon_tools.web.offline import shell_files, shell_version
from lexicon_tools.web.shared import TableStore
from tests.web.conftest import ROWS


@pytest.fixture(scope="module")
def tables(small_lexicons):
    return {name: open_table(None, str(path))[1] for name, path in small_lexicons.items()}


def test_front_coding_round_trips_random_sorted_words():
    rng = random.Random(7)
    words = sorted({bytes(rng.randrange(1, 30) for _ in range(rng.randrange(1, 20))) for _ in range(3000)})
    for bucket in (1, 3, 32):
        body = encode_words(words, bucket)
        assert decode_words(body) == words
        # every bucket's first word is stored whole (prefix length 0): a lookup can start there
        at, index = 0, 0
        while at < len(body):
            if index % bucket == 0:
                assert body[at] == 0
            at, index = at + 2 + body[at + 1], index + 1
    assert len(encode_words(words, 32)) < len(encode_words(words, 1))   # shared prefixes are stored once


def test_the_endpoint_serves_exactly_the_lexicons_words_with_an_etag(tables):
    table = tables["wortspieler"]
    client = TestClient(create_app(table, None))
    reply = client.get("/api/lexicon/compact")
    assert reply.status_code == 200 and reply.headers["cache-control"] == "no-cache"
    header, words = read_compact(reply.content)
    alphabet = table.lexicon.alphabet
    assert header["alphabet"] == list(alphabet.letters) and header["ruleset"] == "wortspieler"
    assert header["normalisation"]["replacements"] == [list(p) for p in alphabet.replacements]
    legal = sorted(alphabet.normalize(w) for w, _l, valid, _r in ROWS if valid)
    assert [alphabet.decode(w) for w in words] == legal == sorted(table.lexicon.legal_words())
    etag = reply.headers["etag"]
    again = client.get("/api/lexicon/compact", headers={"if-none-match": etag})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == etag
    stale = client.get("/api/lexicon/compact", headers={"if-none-match": '"sha256-0000"'})
    assert stale.status_code == 200 and stale.content == reply.content


def test_another_lexicon_has_another_etag(tables):
    tags = {name: TestClient(create_app(t, None)).get("/api/lexicon/compact").headers["etag"]
            for name, t in tables.items()}
    assert tags["wortspieler"] != tags["smartfeud"]


def test_the_service_worker_lists_the_page_and_carries_the_static_files_version(tables, tmp_path):
    script = TestClient(create_app(tables["wortspieler"], None)).get("/sw.js")
    assert script.status_code == 200 and script.headers["content-type"].startswith("text/javascript")
    assert "__VERSION__" not in script.text and "__FILES__" not in script.text
    assert "const CACHE = `${PREFIX}" + shell_version(STATIC) + "`" in script.text
    for path in ("/", "/api/ruleset", "/static/app.js", "/static/offline.js", "/static/manifest.webmanifest"):
        assert f'"{path}"' in script.text
    assert "/static/sw.js" not in shell_files(STATIC)
    copy = tmp_path / "static"
    shutil.copytree(STATIC, copy)
    before = shell_version(copy)
    (copy / "table.css").write_text((copy / "table.css").read_text() + "\n/* changed */\n")
    assert shell_version(copy) != before                     # a changed page is a new worker, a new cache


def test_a_table_is_restored_under_its_old_id_once(tables):
    client = TestClient(create_app(tables["wortspieler"], TableStore()))
    table_id = "A1b2C3d4E5f6G7h8I9j0K_"
    made = client.post("/api/tables", json={"id": table_id, "state": {"game": {"turns": []}}})
    assert made.status_code == 201 and made.json() == {"id": table_id, "version": 1}
    taken = client.post("/api/tables", json={"id": table_id, "state": {"game": {"turns": [1]}}})
    assert taken.status_code == 409 and taken.json()["state"] == {"game": {"turns": []}}
    assert taken.json()["version"] == 1
    bad = client.post("/api/tables", json={"id": "../etc", "state": {}})
    assert bad.status_code == 422 and "id" in bad.json()["error"]
