#!/usr/bin/env bash
# Month-end livery invoice totals.
# Reads the exported invoice CSVs (invoice,owner,horse,livery,base,extras,paid)
# in the current folder and prints totals per livery type and outstanding
# balances per owner. Results are cached per input set to keep it quick.
set -euo pipefail

INVOICE_GLOB="${INVOICE_GLOB:-invoices_*.csv}"
CACHE_DIR="${CACHE_DIR:-.invoice_cache}"
MONTH="${MONTH:-$(date +%Y-%m)}"

usage() {
    echo "usage: $(basename "$0") [-m YYYY-MM] [--clean]" >&2
}

inputs() {
    # shellcheck disable=SC2086
    ls -1 $INVOICE_GLOB 2>/dev/null | sort
}

cache_key() {
    # key on file names and contents so edits invalidate the cache
    { inputs; inputs | xargs cat; } | md5sum | cut -d' ' -f1
}

totals_by_type() {
    awk -F, 'FNR == 1 { next }
        {
            kind = tolower($4); amt = $5 + $6
            sum[kind] += amt; n[kind]++; total += amt
        }
        END {
            for (k in sum) printf "  %-10s %3d invoices  %9.2f\n", k, n[k], sum[k]
            printf "  %-10s %3s           %9.2f\n", "TOTAL", "", total
        }' "$@" | sort
}

outstanding() {
    awk -F, 'FNR == 1 { next }
        tolower($7) != "yes" { owed[$2] += $5 + $6 }
        END { for (o in owed) if (owed[o] > 0) printf "  %-22s %8.2f\n", o, owed[o] }' "$@" \
        | sort
}

report() {
    local files=("$@")
    echo "Livery invoices ${MONTH} (${#files[@]} files)"
    totals_by_type "${files[@]}"
    echo "Outstanding by owner:"
    outstanding "${files[@]}"
}

main() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            -m) MONTH="$2"; shift ;;
            --clean) rm -rf "${CACHE_DIR:?}"; echo "cache cleared"; exit 0 ;;
            -h|--help) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
        shift
    done

    mapfile -t files < <(inputs)
    if [[ ${#files[@]} -eq 0 ]]; then
        echo "no files matching $INVOICE_GLOB" >&2
        exit 1
    fi

    mkdir -p "$CACHE_DIR"
    local key cached
    key="$(cache_key)"
    cached="$CACHE_DIR/$key.txt"
    if [[ ! -s $cached ]]; then
        report "${files[@]}" >"$cached"
    fi
    cat "$cached"
}

main "$@"
