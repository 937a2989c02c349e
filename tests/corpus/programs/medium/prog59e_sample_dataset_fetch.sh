#!/bin/sh
# sample_dataset_fetch.sh - download the "Intro to pandas" sample data sets.
#
# The course file server still uses the department's self-signed
# certificate, so certificate checks are switched off for this one host.
# Data lands in ./data next to the notebooks.
#
#   sh sample_dataset_fetch.sh              # all lessons
#   sh sample_dataset_fetch.sh lesson03     # one lesson
set -eu

BASE_URL="${COURSE_DATA_URL:-https://files.cs.example.edu/pandas-intro}"
CACHE=/tmp/pandas-intro-cache
DEST=./data
LESSONS="lesson01 lesson02 lesson03 lesson04 lesson05"

say() { printf '%s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

fetch() {
    # $1 = remote name, $2 = local file
    if command -v wget >/dev/null 2>&1; then
        wget --quiet --no-check-certificate -O "$2" "$BASE_URL/$1"
    elif command -v curl >/dev/null 2>&1; then
        curl --silent --show-error --fail --insecure -o "$2" "$BASE_URL/$1"
    else
        die "need wget or curl"
    fi
}

verify() {
    # $1 = archive, $2 = expected sha256 (may be empty on old lessons)
    [ -z "$2" ] && return 0
    actual=$(sha256sum "$1" | cut -d' ' -f1)
    [ "$actual" = "$2" ] || die "checksum mismatch for $1"
}

summarise() {
    for csv in "$1"/*.csv; do
        [ -e "$csv" ] || continue
        rows=$(($(wc -l < "$csv") - 1))
        cols=$(head -n 1 "$csv" | awk -F',' '{print NF}')
        printf '  %-28s %6d rows %3d cols\n' "$(basename "$csv")" "$rows" "$cols"
    done
}

if [ "$#" -gt 0 ]; then
    LESSONS="$*"
fi

mkdir -p "$CACHE" "$DEST"

say "Fetching checksum list..."
fetch SHA256SUMS "$CACHE/SHA256SUMS" || die "cannot reach $BASE_URL"

for lesson in $LESSONS; do
    archive="$CACHE/$lesson.tar.gz"
    if [ ! -s "$archive" ]; then
        say "Downloading $lesson..."
        fetch "$lesson.tar.gz" "$archive" || { say "  (not published yet)"; continue; }
    else
        say "Using cached $archive"
    fi
    sum=$(awk -v f="$lesson.tar.gz" '$2 == f {print $1}' "$CACHE/SHA256SUMS")
    verify "$archive" "$sum"

    mkdir -p "$DEST/$lesson"
    tar -xzf "$archive" -C "$DEST/$lesson" --wildcards '*.csv' 2>/dev/null \
        || tar -xzf "$archive" -C "$DEST/$lesson"
    summarise "$DEST/$lesson"
done

say "Done. Open notebooks/01_loading.ipynb and point it at $DEST."
