#!/usr/bin/env python3
"""Start a standalone Selenium Chrome container through the Docker socket,
run a scrape of a few pages through the remote WebDriver, then tear the
container down again."""
import argparse
import time

import docker
import requests
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.common.by import By

IMAGE = "selenium/standalone-chrome:latest"
SOCKET = "unix:///var/run/docker.sock"


def start_grid(client, port):
    client.images.pull(IMAGE)
    container = client.containers.run(
        IMAGE,
        detach=True,
        remove=True,
        shm_size="2g",
        ports={"4444/tcp": ("127.0.0.1", port)},
        name="scrape-grid",
    )
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            status = requests.get(f"http://127.0.0.1:{port}/status", timeout=3).json()
            if status.get("value", {}).get("ready"):
                return container
        except requests.RequestException:
            pass
        time.sleep(2)
    container.stop()
    raise RuntimeError("selenium grid did not become ready")


def scrape(port, urls):
    opts = Options()
    opts.add_argument("--headless=new")
    driver = webdriver.Remote(command_executor=f"http://127.0.0.1:{port}/wd/hub", options=opts)
    results = {}
    try:
        for url in urls:
            driver.get(url)
            links = driver.find_elements(By.CSS_SELECTOR, "a[href]")
            results[url] = {"title": driver.title, "links": len(links)}
            print(f"{url}: {driver.title!r}, {len(links)} links")
    finally:
        driver.quit()
    return results


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("urls", nargs="+")
    ap.add_argument("--port", type=int, default=4444)
    args = ap.parse_args()

    client = docker.DockerClient(base_url=SOCKET)
    container = start_grid(client, args.port)
    try:
        scrape(args.port, args.urls)
    finally:
        container.stop(timeout=5)
        print("grid container stopped")


if __name__ == "__main__":
    main()
