#!/bin/sh
# Assemble the building-permit submission pack for a project.
#
# Collects the stamped drawing PDFs, the structural calcs and the forms listed
# in permit.conf, merges them into one bookmarked PDF in the order the city
# portal expects, and zips it with the index sheet. Run it again whenever the
# drawing set changes during plan review.
#
# usage: permit_pack_assemble.sh PROJECT_DIR [OUTPUT_DIR]

set -eu

PROJECT_DIR=${1:?usage: $0 PROJECT_DIR [OUTPUT_DIR]}
OUTPUT_DIR=${2:-$PROJECT_DIR/permit}
CONF="$PROJECT_DIR/permit.conf"
STAGE=/tmp/permit-pack-stage

say() { echo "permit-pack: $*" >&2; }
fail() { say "error: $*"; exit 1; }

[ -d "$PROJECT_DIR" ] || fail "no such project directory: $PROJECT_DIR"
[ -f "$CONF" ] || fail "missing $CONF"
command -v qpdf >/dev/null 2>&1 || fail "qpdf not installed"
command -v zip >/dev/null 2>&1 || fail "zip not installed"

# permit.conf: SECTION|glob relative to project dir, one per line
read_sections() {
    grep -v '^[[:space:]]*#' "$CONF" | grep '|' || true
}

stage_documents() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE/parts"
    n=0
    read_sections | while IFS='|' read -r section pattern; do
        for f in "$PROJECT_DIR"/$pattern; do
            [ -f "$f" ] || { say "nothing matches $pattern for $section"; continue; }
            n=$((n + 1))
            cp "$f" "$STAGE/parts/$(printf '%03d' "$n")_$(basename "$f")"
        done
    done
    count=$(find "$STAGE/parts" -name '*.pdf' | wc -l)
    [ "$count" -gt 0 ] || fail "no PDFs staged"
    say "staged $count document(s)"
}

write_index() {
    idx="$STAGE/index.txt"
    {
        echo "Permit submission pack"
        echo "Project: $(basename "$PROJECT_DIR")"
        echo "Built:   $(date -u +%Y-%m-%dT%H:%MZ)"
        echo
        ls "$STAGE/parts" | sed 's/^[0-9]*_/  - /'
    } > "$idx"
}

merge_pdfs() {
    merged="$STAGE/permit_set.pdf"
    # shellcheck disable=SC2046
    qpdf --empty --pages $(ls "$STAGE"/parts/*.pdf) -- "$merged" \
        || fail "qpdf merge failed"
    say "merged set: $(qpdf --show-npages "$merged") pages"
}

check_size() {
    # the city portal rejects uploads over 100 MB
    bytes=$(wc -c < "$STAGE/permit_set.pdf")
    if [ "$bytes" -gt 104857600 ]; then
        say "warning: merged set is $((bytes / 1048576)) MB, portal limit is 100 MB"
        say "consider: qpdf --object-streams=generate --compress-streams=y"
    fi
}

package() {
    mkdir -p "$OUTPUT_DIR"
    stamp=$(date +%Y%m%d)
    out="$OUTPUT_DIR/$(basename "$PROJECT_DIR")_permit_$stamp.zip"
    (cd "$STAGE" && zip -q -j "$out" permit_set.pdf index.txt)
    say "wrote $out"
}

stage_documents
write_index
merge_pdfs
check_size
package
rm -rf "$STAGE"
