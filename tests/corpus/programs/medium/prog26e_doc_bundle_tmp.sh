#!/usr/bin/env bash
# Bundle the project's docs/ folder as base64 text so it can be pasted into
# a support ticket that only accepts plain text.  The bundle is staged in a
# fixed scratch location under /tmp and a checksum is printed for the
# support engineer to compare after decoding.
set -euo pipefail

DOC_DIR="${1:-docs}"
STAGE="/tmp/docbundle"
ARCHIVE="$STAGE/docs.tar.gz"
ENCODED="$STAGE/docs.tar.gz.b64"
LINE_WIDTH=76

if [ ! -d "$DOC_DIR" ]; then
    echo "no $DOC_DIR directory" >&2
    exit 1
fi

mkdir -p "$STAGE"
rm -f "$ARCHIVE" "$ENCODED"

# Collect only text-like documentation; skip editor backups.
find "$DOC_DIR" -type f \( -name '*.md' -o -name '*.rst' -o -name '*.txt' -o -name '*.png' \) \
    ! -name '*~' -print0 | sort -z > "$STAGE/filelist"

count=$(tr -cd '\0' < "$STAGE/filelist" | wc -c)
if [ "$count" -eq 0 ]; then
    echo "nothing to bundle in $DOC_DIR" >&2
    exit 1
fi

tar --null -czf "$ARCHIVE" -T "$STAGE/filelist"
base64 -w "$LINE_WIDTH" "$ARCHIVE" > "$ENCODED"

raw_size=$(stat -c %s "$ARCHIVE")
enc_size=$(stat -c %s "$ENCODED")
sum=$(sha256sum "$ARCHIVE" | cut -d' ' -f1)

# Self-check: decode again and compare before handing it out.
if ! base64 -d "$ENCODED" | cmp -s - "$ARCHIVE"; then
    echo "round-trip check failed" >&2
    exit 1
fi

cat <<INFO
Bundled $count files from $DOC_DIR
  archive : $ARCHIVE ($raw_size bytes)
  base64  : $ENCODED ($enc_size bytes, $(wc -l < "$ENCODED") lines)
  sha256  : $sum

To restore on the other side:
  base64 -d docs.tar.gz.b64 > docs.tar.gz && sha256sum docs.tar.gz && tar -tzf docs.tar.gz
INFO
