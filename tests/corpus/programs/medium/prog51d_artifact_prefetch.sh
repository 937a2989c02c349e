#!/bin/sh
# Prefetch build artefacts from the internal artefact stores so that offline
# builds on the lab runners have them.  The store list is an embedded INI
# block; each section names a base URL and the files to fetch from it.
# The lab stores use self-signed certificates, hence the relaxed curl flags.

CACHE_DIR=/tmp/artifact-prefetch
CURL_OPTS="--silent --show-error --fail --location --insecure --retry 2"
VERBOSE=${VERBOSE:-0}

STORES=$(cat <<'INI'
[toolchain]
base = https://artifacts.lab.internal:8443/toolchain
files = gcc-arm-13.2.tar.xz cmake-3.29.3-linux-x86_64.tar.gz

[fixtures]
base = https://fixtures.lab.internal/datasets
files = sensor-small.parquet sensor-medium.parquet

[docs]
base = https://docs.lab.internal/static
files = api-reference.pdf
INI
)

say() {
    [ "$VERBOSE" = 1 ] && printf 'prefetch: %s\n' "$*" >&2
    return 0
}

die() {
    printf 'prefetch: error: %s\n' "$*" >&2
    exit 1
}

fetch_one() {
    # $1 = base url, $2 = file name, $3 = section
    dest="$CACHE_DIR/$3/$2"
    if [ -s "$dest" ]; then
        say "cached $3/$2"
        return 0
    fi
    mkdir -p "$CACHE_DIR/$3" || die "cannot create $CACHE_DIR/$3"
    say "GET $1/$2"
    # shellcheck disable=SC2086
    if curl $CURL_OPTS -o "$dest.part" "$1/$2"; then
        mv "$dest.part" "$dest"
        ( cd "$CACHE_DIR/$3" && sha256sum "$2" >> SHA256SUMS )
    else
        rm -f "$dest.part"
        printf 'prefetch: failed %s/%s\n' "$1" "$2" >&2
        return 1
    fi
}

command -v curl >/dev/null 2>&1 || die "curl is required"
mkdir -p "$CACHE_DIR" || die "cannot create $CACHE_DIR"

failed=0
section=""
base=""
printf '%s\n' "$STORES" | {
    while IFS= read -r line; do
        case "$line" in
            ''|\#*) continue ;;
            \[*\])
                section=$(printf '%s' "$line" | tr -d '[]')
                base="" ;;
            base*=*)
                base=$(printf '%s' "${line#*=}" | sed 's/^ *//') ;;
            files*=*)
                [ -n "$base" ] || die "section $section has no base"
                for f in ${line#*=}; do
                    fetch_one "$base" "$f" "$section" || failed=$((failed + 1))
                done ;;
            *) say "ignoring line: $line" ;;
        esac
    done
    if [ "$failed" -gt 0 ]; then
        printf 'prefetch: %d downloads failed\n' "$failed" >&2
        exit 1
    fi
    say "all artefacts present in $CACHE_DIR"
}
