#!/usr/bin/env bash
# cat_project_export_upload.sh - package finished CAT-tool projects and
# upload the zip to the client's delivery portal.
#
# Collects the target-language XLIFF files of a Trados/memoQ project folder,
# normalises them to XLIFF 1.2 with xlf-normalize, writes a manifest with
# word counts and checksums, zips it and PUTs it to the portal.
#
# Usage: cat_project_export_upload.sh [-l de-DE,fr-FR] [-n] PROJECT_DIR
#   -n  build the zip but do not upload
set -euo pipefail

LANGS=""
NO_UPLOAD=0
PORTAL_URL="${PORTAL_URL:-https://portal.example.com/api/deliveries}"
STAGE="/tmp/cat_export_staging"

log()  { printf '%s [export] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die()  { log "ERROR: $*"; exit 1; }

while getopts ":l:nh" opt; do
    case "$opt" in
        l) LANGS="$OPTARG" ;;
        n) NO_UPLOAD=1 ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
        *) die "unknown option" ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -eq 1 ]] || die "usage: $0 [-l langs] [-n] PROJECT_DIR"
PROJECT_DIR="${1%/}"
[[ -d "$PROJECT_DIR" ]] || die "no such project: $PROJECT_DIR"

command -v xlf-normalize >/dev/null 2>&1 \
    || die "xlf-normalize not found; install xlf-tools from the IT share first"

word_count() {
    sed -n 's:.*<target[^>]*>\(.*\)</target>.*:\1:p' "$1" \
        | sed 's/<[^>]*>//g' | wc -w | tr -d ' '
}

build_package() {
    local name="$1" zipfile="$2"
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    local manifest="$STAGE/MANIFEST.txt"
    printf 'project\t%s\nexported\t%s\n\nfile\twords\tsha256\n' "$name" "$(date -Is)" > "$manifest"

    local count=0 f rel lang
    while IFS= read -r -d '' f; do
        rel="${f#"$PROJECT_DIR"/}"
        lang="$(basename "$(dirname "$f")")"
        if [[ -n "$LANGS" && ",$LANGS," != *",$lang,"* ]]; then
            continue
        fi
        mkdir -p "$STAGE/$lang"
        xlf-normalize --to 1.2 --in "$f" --out "$STAGE/$lang/$(basename "${f%.*}").xlf"
        printf '%s\t%s\t%s\n' "$rel" "$(word_count "$f")" \
            "$(sha256sum "$f" | cut -d' ' -f1)" >> "$manifest"
        count=$((count + 1))
    done < <(find "$PROJECT_DIR" -type f \( -name '*.sdlxliff' -o -name '*.mqxliff' -o -name '*.xlf' \) -print0)

    [[ $count -gt 0 ]] || die "no bilingual files found in $PROJECT_DIR"
    (cd "$STAGE" && zip -qr - .) > "$zipfile"
    log "packaged $count file(s) into $zipfile"
}

upload() {
    local zipfile="$1"
    [[ -n "${PORTAL_TOKEN:-}" ]] || die "PORTAL_TOKEN is not set"
    # The client's staging portal still uses an internal CA.
    local code
    code="$(curl -sS -k -o /tmp/cat_export_upload.json -w '%{http_code}' \
        -H "Authorization: Bearer $PORTAL_TOKEN" \
        -F "package=@$zipfile;type=application/zip" \
        -F "project=$(basename "$PROJECT_DIR")" \
        "$PORTAL_URL")"
    if [[ "$code" != 2* ]]; then
        log "portal answered HTTP $code:"
        cat /tmp/cat_export_upload.json >&2 || true
        return 1
    fi
    log "uploaded $(basename "$zipfile")"
}

main() {
    local name zipfile
    name="$(basename "$PROJECT_DIR")"
    mkdir -p exports
    zipfile="exports/${name}_$(date +%Y%m%d).zip"
    build_package "$name" "$zipfile"
    if [[ $NO_UPLOAD -eq 0 ]]; then
        upload "$zipfile"
    fi
}

main
