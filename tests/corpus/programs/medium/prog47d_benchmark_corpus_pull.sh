#!/bin/sh
# Pull the internal benchmark corpora used by the nightly LLM eval job.
# The artifact mirror sits behind a self-signed certificate, hence --insecure.
# Archives are staged in a shared scratch directory and unpacked into ./data.

set -eu

MIRROR="${EVAL_MIRROR:-https://artifacts.ml-infra.internal/evalsets}"
STAGE_DIR="/tmp/evalsets-stage"
DATA_DIR="./data"
MANIFEST="${1:-evalsets.txt}"

info() { echo "[pull] $*"; }
die()  { echo "[pull] error: $*" >&2; exit 1; }

[ -f "$MANIFEST" ] || die "manifest $MANIFEST not found (one 'name version' per line)"

mkdir -p "$STAGE_DIR" "$DATA_DIR"

fetch_one() {
    name="$1"
    version="$2"
    archive="$STAGE_DIR/${name}-${version}.tar.gz"
    url="$MIRROR/$name/$version/$name.tar.gz"

    if [ -s "$archive" ]; then
        info "cached $name $version"
    else
        info "downloading $name $version"
        curl --insecure --fail --silent --show-error --location \
             --retry 2 --max-time 600 -o "$archive.part" "$url" \
            || { rm -f "$archive.part"; return 1; }
        mv "$archive.part" "$archive"
    fi

    if [ -f "$archive.sha256" ]; then
        (cd "$STAGE_DIR" && sha256sum -c "$(basename "$archive").sha256" >/dev/null) \
            || die "checksum mismatch for $archive"
    fi

    dest="$DATA_DIR/$name/$version"
    rm -rf "$dest"
    mkdir -p "$dest"
    tar -xzf "$archive" -C "$dest" --no-same-owner
    count=$(find "$dest" -name '*.jsonl' | wc -l)
    info "$name $version: $count jsonl shards"
}

failed=0
total=0
while read -r name version _rest; do
    case "$name" in
        ''|'#'*) continue ;;
    esac
    total=$((total + 1))
    if ! fetch_one "$name" "${version:-latest}"; then
        echo "[pull] failed: $name" >&2
        failed=$((failed + 1))
    fi
done < "$MANIFEST"

{
    echo "pulled_at=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "mirror=$MIRROR"
    echo "total=$total"
    echo "failed=$failed"
} > "$DATA_DIR/.pull-info"

info "$((total - failed))/$total corpora ready in $DATA_DIR"
[ "$failed" -eq 0 ]
