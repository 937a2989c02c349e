#!/usr/bin/env python3
"""Check HTTPS endpoints for security-relevant response headers.

Sends a HEAD request to each URL (verification left at the default) and
reports missing HSTS, CSP, X-Content-Type-Options and similar headers, plus
the server banner. Results are printed and saved as CSV in the working dir.
"""
import argparse
import csv
import sys
import urllib.error
import urllib.request

EXPECTED = {
    "strict-transport-security": "HSTS missing",
    "content-security-policy": "CSP missing",
    "x-content-type-options": "nosniff missing",
    "x-frame-options": "clickjacking protection missing",
    "referrer-policy": "Referrer-Policy missing",
}


def platform_name():
    try:
        with open("/etc/os-release", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return "unknown"


def check(url, timeout):
    request = urllib.request.Request(url, method="HEAD",
                                     headers={"User-Agent": "header-audit/1.0"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            headers = {k.lower(): v for k, v in response.headers.items()}
            status = response.status
    except urllib.error.HTTPError as err:
        headers = {k.lower(): v for k, v in err.headers.items()}
        status = err.code
    except (urllib.error.URLError, OSError) as err:
        return {"url": url, "status": "error", "issues": [str(err)], "server": ""}

    issues = [msg for name, msg in EXPECTED.items() if name not in headers]
    hsts = headers.get("strict-transport-security", "")
    if hsts and "max-age=" in hsts:
        try:
            age = int(hsts.split("max-age=")[1].split(";")[0])
            if age < 15552000:
                issues.append(f"HSTS max-age short ({age})")
        except ValueError:
            issues.append("HSTS max-age unparsable")
    if "server" in headers and any(ch.isdigit() for ch in headers["server"]):
        issues.append("server banner discloses version")
    return {"url": url, "status": status, "issues": issues, "server": headers.get("server", "")}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("urls", nargs="*")
    parser.add_argument("--file", help="file with one URL per line")
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--csv", default="header-report.csv")
    args = parser.parse_args()

    urls = list(args.urls)
    if args.file:
        with open(args.file, encoding="utf-8") as handle:
            urls += [line.strip() for line in handle if line.strip() and not line.startswith("#")]
    if not urls:
        parser.error("no URLs given")

    print(f"running on {platform_name()}")
    rows = []
    for url in urls:
        result = check(url, args.timeout)
        rows.append(result)
        marker = "OK " if not result["issues"] else "!! "
        print(f"{marker}{url} [{result['status']}]")
        for issue in result["issues"]:
            print(f"     - {issue}")

    with open(args.csv, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["url", "status", "server", "issues"])
        for row in rows:
            writer.writerow([row["url"], row["status"], row["server"], "; ".join(row["issues"])])
    print(f"report saved to {args.csv}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
