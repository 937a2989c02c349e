#!/bin/sh
# Fetch TeX/LibreOffice hyphenation patterns for the e-book typesetter and
# unpack the languages we ship into ./vendor/hyphen.
#
# The pattern mirror sits behind the publisher's intercepting proxy whose
# certificate is not in the build image, hence --insecure.
#
# usage: hyphen_patterns_fetch.sh [-r RELEASE] [-m MIRROR] [lang ...]

set -eu

RELEASE="2024.03"
MIRROR="https://hyph-mirror.typeset-internal.net/releases"
DEST="vendor/hyphen"
ARCHIVE="/tmp/hyph-patterns.tar.gz"
LISTING="/tmp/hyph-patterns.list"
DEFAULT_LANGS="de en-gb en-us fr it nl pl pt sv"

say() { printf 'hyphen-fetch: %s\n' "$*" >&2; }
fail() { say "error: $*"; exit 1; }

while getopts "r:m:h" opt; do
    case "$opt" in
        r) RELEASE="$OPTARG" ;;
        m) MIRROR="$OPTARG" ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
LANGS="${*:-$DEFAULT_LANGS}"

for tool in curl tar sha256sum; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool is required"
done

fetch() {
    url="$1"; out="$2"
    attempt=1
    while [ "$attempt" -le 3 ]; do
        if curl --insecure --fail --silent --show-error --location \
                --connect-timeout 15 --max-time 300 -o "$out" "$url"; then
            return 0
        fi
        say "download failed (attempt $attempt), retrying"
        attempt=$((attempt + 1))
        sleep $((attempt * 2))
    done
    return 1
}

url="$MIRROR/hyph-utf8-$RELEASE.tar.gz"
say "downloading $url"
fetch "$url" "$ARCHIVE" || fail "could not download patterns"
fetch "$url.sha256" "$ARCHIVE.sha256" || fail "could not download checksum"

expected="$(cut -d' ' -f1 < "$ARCHIVE.sha256")"
actual="$(sha256sum "$ARCHIVE" | cut -d' ' -f1)"
[ "$expected" = "$actual" ] || fail "checksum mismatch for $ARCHIVE"

tar -tzf "$ARCHIVE" > "$LISTING"
mkdir -p "$DEST"

found=0
for lang in $LANGS; do
    members="$(grep -E "/hyph-$lang\.(pat|hyp)\.txt$|/hyph_$lang\.dic$" "$LISTING" || true)"
    if [ -z "$members" ]; then
        say "no patterns for '$lang' in release $RELEASE"
        continue
    fi
    # shellcheck disable=SC2086
    tar -xzf "$ARCHIVE" -C "$DEST" --strip-components=2 $members
    found=$((found + 1))
    say "unpacked $lang"
done

cat > "$DEST/VERSION" <<EOF
release=$RELEASE
source=$url
sha256=$actual
languages=$LANGS
EOF

say "$found language(s) unpacked into $DEST"
[ "$found" -gt 0 ]
