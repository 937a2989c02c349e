#!/bin/sh
# Refresh the local plugin cache for the Acme Editor desktop build.
#
# Reads ./plugins.list (one "name version" pair per line), downloads each
# plugin archive from the internal plugin mirror and unpacks it into
# ./plugins/<name>/ so the next build can bundle it.  Nothing is loaded
# or run here; the editor build step picks the files up later.
#
# The internal mirror uses a self-signed certificate, hence --insecure.

set -eu

MIRROR="${ACME_PLUGIN_MIRROR:-https://plugins.build.acme.internal/dist}"
LIST_FILE="./plugins.list"
DEST_ROOT="./plugins"
SCRATCH="/tmp/acme-plugin-download.tar.gz"
RETRIES=3
FORCE=0

say() { printf 'plugin-cache: %s\n' "$*" >&2; }

usage() {
    echo "usage: $0 [-f] [-l plugins.list] [-d ./plugins]" >&2
    exit 2
}

while getopts "fl:d:" opt; do
    case "$opt" in
        f) FORCE=1 ;;
        l) LIST_FILE="$OPTARG" ;;
        d) DEST_ROOT="$OPTARG" ;;
        *) usage ;;
    esac
done

[ -f "$LIST_FILE" ] || { say "missing $LIST_FILE"; exit 1; }
mkdir -p "$DEST_ROOT"

fetch() {
    url="$1"
    attempt=1
    while [ "$attempt" -le "$RETRIES" ]; do
        if curl --insecure -fsSL --max-time 120 -o "$SCRATCH" "$url"; then
            return 0
        fi
        say "download failed ($attempt/$RETRIES): $url"
        attempt=$((attempt + 1))
        sleep 2
    done
    return 1
}

ok=0
failed=0
skipped=0

while read -r name version; do
    case "$name" in
        ''|'#'*) continue ;;
    esac
    [ -n "$version" ] || { say "no version for $name, skipping"; failed=$((failed + 1)); continue; }

    target="$DEST_ROOT/$name"
    stamp="$target/.version"
    if [ "$FORCE" -eq 0 ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$version" ]; then
        skipped=$((skipped + 1))
        continue
    fi

    url="$MIRROR/$name/$name-$version.tar.gz"
    say "fetching $name $version"
    if ! fetch "$url"; then
        failed=$((failed + 1))
        continue
    fi

    if ! tar -tzf "$SCRATCH" >/dev/null 2>&1; then
        say "corrupt archive for $name"
        failed=$((failed + 1))
        continue
    fi

    rm -rf "${target:?}"
    mkdir -p "$target"
    tar -xzf "$SCRATCH" -C "$target"
    printf '%s\n' "$version" > "$stamp"

    if [ -f "$target/plugin.json" ]; then
        declared="$(sed -n 's/.*"version" *: *"\([^"]*\)".*/\1/p' "$target/plugin.json" | head -n1)"
        [ "$declared" = "$version" ] || say "warning: $name declares version '$declared'"
    else
        say "warning: $name has no plugin.json"
    fi
    ok=$((ok + 1))
done < "$LIST_FILE"

rm -f "$SCRATCH"
say "updated $ok, unchanged $skipped, failed $failed"
[ "$failed" -eq 0 ]
