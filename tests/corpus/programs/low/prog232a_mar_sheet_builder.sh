#!/usr/bin/env bash
# Build printable medication administration record (MAR) sheets.
# Input: ./mar_data/<patient>.json exported by the medication-records app.
# Output: ./build/html/<patient>.html, one per patient, with the hospice logo
# embedded as a base64 data URI. Unchanged inputs are skipped using an MD5
# cache key per file. "clean" removes ./build.
set -euo pipefail

DATA_DIR="${DATA_DIR:-./mar_data}"
BUILD_DIR="./build"
LOGO="${LOGO:-./assets/logo.png}"
CACHE="$BUILD_DIR/.cache"

case "${1:-build}" in
    clean)
        rm -rf -- "$BUILD_DIR"
        echo "build directory removed"
        exit 0 ;;
    build) ;;
    *) echo "usage: $0 [build|clean]" >&2; exit 64 ;;
esac

[ -d "$DATA_DIR" ] || { echo "no data directory $DATA_DIR" >&2; exit 1; }
mkdir -p "$BUILD_DIR/html" "$CACHE"

# The logo is embedded as data, never executed.
logo_b64=""
if [ -f "$LOGO" ]; then
    logo_b64="$(base64 -w0 "$LOGO")"
fi

# Write the per-patient renderer to disk once; it is run below for each file.
cat > "$BUILD_DIR/render_mar.sh" <<'RENDER'
#!/usr/bin/env bash
# render_mar.sh IN.json OUT.html  (LOGO_B64 comes from the environment)
set -euo pipefail
IN_JSON="$1" LOGO_B64="${LOGO_B64:-}" python3 - > "$2" <<'PY'
import html, json, os
doc = json.load(open(os.environ["IN_JSON"]))
logo = os.environ.get("LOGO_B64")
esc = html.escape
rows = []
for med in doc.get("medications", []):
    times = " ".join(f"<td>{esc(t)}</td>" for t in med.get("times", []))
    rows.append(f"<tr><td>{esc(med['name'])}</td><td>{esc(med.get('dose', ''))}</td>"
                f"<td>{esc(med.get('route', ''))}</td>{times}</tr>")
print("<!doctype html><html><head><meta charset='utf-8'><title>MAR</title>"
      "<style>table{border-collapse:collapse}td,th{border:1px solid #444;padding:4px}</style>"
      "</head><body>")
if logo:
    print(f"<img alt='logo' height='48' src='data:image/png;base64,{logo}'>")
print(f"<h1>MAR - {esc(doc.get('patient_name', '?'))} ({esc(doc.get('patient_ref', '?'))})</h1>")
print(f"<p>Allergies: {esc(', '.join(doc.get('allergies', [])) or 'none recorded')}</p>")
print("<table><tr><th>Medication</th><th>Dose</th><th>Route</th><th colspan='6'>Times</th></tr>")
print("\n".join(rows))
print("</table></body></html>")
PY
RENDER
chmod 600 "$BUILD_DIR/render_mar.sh"

built=0; skipped=0; failed=0
for json in "$DATA_DIR"/*.json; do
    [ -e "$json" ] || continue
    name="$(basename "$json" .json)"
    if [ -f "$LOGO" ]; then
        key="$(cat "$json" "$LOGO" | md5sum | cut -d' ' -f1)"
    else
        key="$(md5sum < "$json" | cut -d' ' -f1)"
    fi
    out="$BUILD_DIR/html/$name.html"
    if [ -f "$CACHE/$name.md5" ] && [ "$(cat "$CACHE/$name.md5")" = "$key" ] && [ -f "$out" ]; then
        skipped=$((skipped + 1))
        continue
    fi
    if LOGO_B64="$logo_b64" bash "$BUILD_DIR/render_mar.sh" "$json" "$out"; then
        echo "$key" > "$CACHE/$name.md5"
        chmod 600 "$out"
        built=$((built + 1))
    else
        echo "failed to render $json" >&2
        rm -f -- "$out"
        failed=$((failed + 1))
    fi
done

echo "MAR sheets: $built built, $skipped unchanged, $failed failed"
[ "$failed" -eq 0 ]
