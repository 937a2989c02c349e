#!/usr/bin/env bash
# Tidy a firmware project checkout and write a checksum manifest for the
# images that are kept.  Everything happens inside the project directory:
#   - drop stale build and cache directories (build/, .cache/, .pio/)
#   - keep the newest N images in dist/, remove older ones
#   - write dist/SHA256SUMS and dist/manifest.json
#   - optionally compare against the latest tagged release (read-only GET)
set -euo pipefail

PROJECT_DIR="${PROJECT_DIR:-$(pwd)}"
KEEP="${KEEP:-3}"
RELEASES_API="${RELEASES_API:-https://api.github.com/repos/example-iot/sensor-node-fw/releases/latest}"
CHECK_RELEASE=0
DRY_RUN=0

log()  { printf '[tidy] %s\n' "$*"; }
warn() { printf '[tidy] warning: %s\n' "$*" >&2; }

usage() {
    cat <<EOF
usage: $(basename "$0") [-k KEEP] [-r] [-n]
  -k KEEP   number of images to keep in dist/ (default $KEEP)
  -r        compare with latest release tag
  -n        dry run, only print what would be removed
EOF
}

while getopts ":k:rnh" opt; do
    case "$opt" in
        k) KEEP="$OPTARG" ;;
        r) CHECK_RELEASE=1 ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

cd "$PROJECT_DIR"
if [[ ! -f platformio.ini && ! -f CMakeLists.txt ]]; then
    warn "$PROJECT_DIR does not look like a firmware project"
    exit 1
fi

remove_path() {
    local p="$1"
    [[ -e "$p" ]] || return 0
    if (( DRY_RUN )); then
        log "would remove $p"
    else
        rm -rf -- "./${p:?}"
        log "removed $p"
    fi
}

for stale in build .cache .pio/build sdkconfig.old; do
    remove_path "$stale"
done

find . -maxdepth 3 -type f \( -name '*.o' -o -name '*.d' -o -name '*.map.bak' \) \
    -not -path './dist/*' -print0 |
while IFS= read -r -d '' f; do
    remove_path "${f#./}"
done

mkdir -p dist
mapfile -t images < <(ls -1t dist/*.bin dist/*.uf2 dist/*.hex 2>/dev/null || true)
log "found ${#images[@]} images, keeping $KEEP"
idx=0
for img in "${images[@]}"; do
    idx=$((idx + 1))
    if (( idx > KEEP )); then
        remove_path "$img"
    fi
done

if (( ! DRY_RUN )); then
    (
        cd dist
        shopt -s nullglob
        files=( *.bin *.uf2 *.hex )
        if (( ${#files[@]} )); then
            sha256sum -- "${files[@]}" > SHA256SUMS
            {
                printf '{\n  "generated": "%s",\n  "images": [\n' "$(date -u +%FT%TZ)"
                n=0
                for f in "${files[@]}"; do
                    n=$((n + 1))
                    sep=","; (( n == ${#files[@]} )) && sep=""
                    printf '    {"file": "%s", "bytes": %s, "sha256": "%s"}%s\n' \
                        "$f" "$(stat -c %s -- "$f")" "$(sha256sum -- "$f" | cut -d' ' -f1)" "$sep"
                done
                printf '  ]\n}\n'
            } > manifest.json
            chmod 0600 SHA256SUMS manifest.json
            log "manifest written for ${#files[@]} images"
        else
            log "no images to describe"
        fi
    )
fi

if (( CHECK_RELEASE )); then
    if tag=$(curl -fsSL --max-time 10 -H 'Accept: application/vnd.github+json' "$RELEASES_API" \
             | grep -m1 '"tag_name"' | sed -E 's/.*"tag_name": *"([^"]+)".*/\1/'); then
        local_ver=$(git describe --tags --abbrev=0 2>/dev/null || echo "untagged")
        log "latest release: $tag, local: $local_ver"
    else
        warn "could not query $RELEASES_API"
    fi
fi

log "done"
