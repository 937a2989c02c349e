#!/bin/sh
# Take HTML snapshots of staging pages for visual review and optionally serve
# them so colleagues on the office network can browse the results.
# Staging uses a self-signed certificate, hence --insecure.

SNAP_ROOT=/tmp/staging-snapshots
PORT=8088
SERVE=0
PAGES_FILE=pages.txt
STAGING=https://staging.shop.example.com

usage() {
    echo "usage: $0 [-s] [-p port] [-f pages.txt]" >&2
    exit 1
}

while getopts "sp:f:" opt; do
    case "$opt" in
        s) SERVE=1 ;;
        p) PORT="$OPTARG" ;;
        f) PAGES_FILE="$OPTARG" ;;
        *) usage ;;
    esac
done

[ -r "$PAGES_FILE" ] || { echo "cannot read $PAGES_FILE" >&2; exit 2; }

stamp=$(date +%Y%m%d-%H%M)
run_dir="$SNAP_ROOT/$stamp"
mkdir -p "$run_dir"

slug() {
    echo "$1" | sed -e 's|^/||' -e 's|[^A-Za-z0-9]|_|g' -e 's|^$|index|'
}

count=0
fail=0
while read -r path; do
    case "$path" in ''|'#'*) continue ;; esac
    name=$(slug "$path")
    if curl --insecure -sS -L --max-time 30 \
            -H "Cookie: preview=1" \
            -o "$run_dir/$name.html" "$STAGING$path"; then
        count=$((count + 1))
        echo "ok   $path"
    else
        fail=$((fail + 1))
        echo "FAIL $path" >&2
    fi
    sleep 1
done < "$PAGES_FILE"

{
    echo "<html><body><h1>Snapshots $stamp</h1><ul>"
    for f in "$run_dir"/*.html; do
        b=$(basename "$f")
        [ "$b" = "index.html" ] && continue
        echo "<li><a href=\"$b\">$b</a></li>"
    done
    echo "</ul></body></html>"
} > "$run_dir/index.html"

ln -sfn "$run_dir" "$SNAP_ROOT/latest"
echo "captured $count pages ($fail failed) into $run_dir"

if [ "$SERVE" -eq 1 ]; then
    echo "serving $SNAP_ROOT/latest on port $PORT"
    cd "$SNAP_ROOT/latest" || exit 1
    exec python3 -m http.server "$PORT" --bind 0.0.0.0
fi
