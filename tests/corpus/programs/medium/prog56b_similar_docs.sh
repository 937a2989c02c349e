#!/usr/bin/env bash
# Print the documents most similar to a query, using the embedding cache
# produced by the nightly indexing job (./.cache/embeddings.pkl).
set -euo pipefail

CACHE_DIR="${CACHE_DIR:-.cache}"
CACHE_FILE="$CACHE_DIR/embeddings.pkl"
TOP_K=5
MAX_AGE_DAYS=7

usage() {
    echo "usage: $0 [-k N] QUERY_DOC_ID" >&2
    exit 2
}

while getopts ":k:" opt; do
    case "$opt" in
        k) TOP_K="$OPTARG" ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
QUERY_ID="$1"

if [ ! -f "$CACHE_FILE" ]; then
    echo "no embedding cache at $CACHE_FILE; run 'make index' first" >&2
    exit 1
fi

if [ -n "$(find "$CACHE_FILE" -mtime +"$MAX_AGE_DAYS" -print)" ]; then
    echo "warning: cache is older than $MAX_AGE_DAYS days" >&2
fi

python3 - "$CACHE_FILE" "$QUERY_ID" "$TOP_K" <<'PY'
import math
import sys
from pickle import load as _load

cache_path, query_id, top_k = sys.argv[1], sys.argv[2], int(sys.argv[3])

with open(cache_path, "rb") as fh:
    index = _load(fh)          # {"vectors": {doc_id: [floats]}, "titles": {...}}

vectors = index.get("vectors", {})
titles = index.get("titles", {})
if query_id not in vectors:
    sys.exit("unknown document id: %s" % query_id)


def cosine(a, b):
    dot = sum(x * y for x, y in zip(a, b))
    na = math.sqrt(sum(x * x for x in a)) or 1.0
    nb = math.sqrt(sum(y * y for y in b)) or 1.0
    return dot / (na * nb)


query = vectors[query_id]
scored = sorted(
    ((cosine(query, vec), doc) for doc, vec in vectors.items() if doc != query_id),
    reverse=True,
)
for score, doc in scored[:top_k]:
    print("%.3f  %-12s %s" % (score, doc, titles.get(doc, "")))
PY
