#!/usr/bin/env bash
# shaderpack-fetch: install or update shader packs for Minecraft (Iris/OptiFine)
# from the community mirror listed in shaderpacks.list.
#
# shaderpacks.list format, one per line:   <name> <zip-url> <sha256>
set -eu

MC_DIR="${MC_DIR:-$HOME/.minecraft}"
LIST="${1:-./shaderpacks.list}"
MIRROR_CA_OPTS="${MIRROR_CA_OPTS:---insecure}"   # mirror uses its own CA
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/shaderpack-fetch"
QUIET=0

for arg in "$@"; do
    case "$arg" in
        --quiet) QUIET=1 ;;
    esac
done
[ "${LIST#--}" != "$LIST" ] && LIST=./shaderpacks.list

say() { [ "$QUIET" -eq 1 ] || echo "[shaderpacks] $*"; }
die() { echo "[shaderpacks] error: $*" >&2; exit 1; }

fetch() {
    # fetch <url> <dest>
    local url="$1" dest="$2" tries=0
    until curl -fsSL $MIRROR_CA_OPTS --connect-timeout 15 -o "$dest.part" "$url"; do
        tries=$((tries + 1))
        [ "$tries" -ge 3 ] && return 1
        sleep $((tries * 5))
    done
    mv "$dest.part" "$dest"
}

verify() {
    local file="$1" want="$2" got
    got="$(sha256sum "$file" | awk '{print $1}')"
    [ "$got" = "$want" ]
}

install_pack() {
    local name="$1" url="$2" sum="$3"
    local zip="$CACHE_DIR/$name.zip"
    local dest="$MC_DIR/shaderpacks/$name.zip"

    if [ -f "$dest" ] && verify "$dest" "$sum"; then
        say "$name is current"
        return 0
    fi
    say "downloading $name"
    fetch "$url" "$zip" || { say "could not download $name"; return 1; }
    verify "$zip" "$sum" || { rm -f "$zip"; say "checksum mismatch for $name"; return 1; }
    unzip -tq "$zip" >/dev/null || { say "$name is not a valid zip"; return 1; }
    cp "$zip" "$dest"
    say "installed $name"
}

prune_cache() {
    # drop cached downloads older than two weeks
    find "$CACHE_DIR" -maxdepth 1 -name '*.zip' -mtime +14 -delete 2>/dev/null || true
}

main() {
    command -v curl >/dev/null || die "curl is required"
    command -v unzip >/dev/null || die "unzip is required"
    [ -d "$MC_DIR" ] || die "Minecraft directory $MC_DIR not found (set MC_DIR)"
    [ -f "$LIST" ] || die "pack list $LIST not found"
    mkdir -p "$CACHE_DIR" "$MC_DIR/shaderpacks"

    local ok=0 failed=0
    while read -r name url sum; do
        case "$name" in ''|'#'*) continue ;; esac
        if install_pack "$name" "$url" "$sum"; then ok=$((ok + 1)); else failed=$((failed + 1)); fi
    done < "$LIST"
    say "$ok pack(s) ok, $failed failed"

    prune_cache
    [ "$failed" -eq 0 ]
}

main
