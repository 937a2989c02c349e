#!/bin/bash
# Downloads the public dataset and verifies its checksum.
set -eu
URL="https://data.example.org/releases/v3/dataset.csv.gz"
SUM_URL="$URL.sha256"
OUT=data
mkdir -p "$OUT"
curl -fsSL --retry 3 -o "$OUT/dataset.csv.gz" "$URL"
curl -fsSL -o "$OUT/dataset.csv.gz.sha256" "$SUM_URL"
(cd "$OUT" && sha256sum -c dataset.csv.gz.sha256)
gunzip -f "$OUT/dataset.csv.gz"
wc -l "$OUT/dataset.csv"
