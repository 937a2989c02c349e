#!/bin/bash
# build_cache_cleaner.sh - run from the robot project root. Removes the
# project's own build output when the Gradle inputs changed, using an MD5
# cache key of the build files to decide.
set -euo pipefail

KEY_FILE="./.build-cache-key"
FORCE=0
DRY=0

log() { echo "[clean] $*"; }

for a in "$@"; do
    case "$a" in
        -f|--force) FORCE=1 ;;
        -n|--dry-run) DRY=1 ;;
        -h|--help) echo "usage: $0 [--force] [--dry-run]"; exit 0 ;;
        *) echo "unknown option $a" >&2; exit 2 ;;
    esac
done

if [ ! -f ./build.gradle ] && [ ! -f ./build.gradle.kts ]; then
    log "not a Gradle project root ($(pwd)); refusing to clean"
    exit 1
fi

# inputs that invalidate the build cache, relative to the project
INPUTS="$(ls -1 build.gradle* settings.gradle* gradle.properties vendordeps/*.json 2>/dev/null || true)"

# python computes the cache key; file list arrives via the environment
export CACHE_INPUTS="$INPUTS"
new_key="$(python3 -c '
import hashlib, os
h = hashlib.md5()
for name in sorted(p for p in os.environ["CACHE_INPUTS"].splitlines() if p):
    h.update(name.encode())
    with open(name, "rb") as fh:
        h.update(fh.read())
print(h.hexdigest())
')"
old_key="$(cat "$KEY_FILE" 2>/dev/null || echo none)"
log "cache key $old_key -> $new_key"

if [ "$new_key" = "$old_key" ] && [ "$FORCE" -eq 0 ]; then
    log "build inputs unchanged, nothing to clean"
    exit 0
fi

# only directories inside the project tree
TARGETS=(./build ./bin ./.gradle/buildOutputCleanup ./simgui-ds.json.bak ./ctre_sim)
freed=0
for t in "${TARGETS[@]}"; do
    case "$t" in ./*) ;; *) log "skipping non-relative path $t"; continue ;; esac
    [ -e "$t" ] || continue
    size_kb=$(du -sk "$t" | cut -f1)
    if [ "$DRY" -eq 1 ]; then
        log "would remove $t (${size_kb} KB)"
    else
        rm -rf -- "$t"
        log "removed $t (${size_kb} KB)"
    fi
    freed=$((freed + size_kb))
done

if [ "$DRY" -eq 0 ]; then
    printf '%s\n' "$new_key" > "$KEY_FILE"
fi
log "freed about $((freed / 1024)) MB"
