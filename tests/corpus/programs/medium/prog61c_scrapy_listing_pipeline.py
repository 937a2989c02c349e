#!/usr/bin/env python3
"""Scrapy spider for rental listings with a SQLite storage pipeline.

Run: python prog61c_scrapy_listing_pipeline.py --city leipzig --db listings.db
"""
import argparse
import logging
import sqlite3

import scrapy
from scrapy.crawler import CrawlerProcess

BASE = "https://rentals.example.de"


class ListingSpider(scrapy.Spider):
    name = "listings"
    custom_settings = {
        "DOWNLOAD_DELAY": 1.5,
        "AUTOTHROTTLE_ENABLED": True,
        "ROBOTSTXT_OBEY": True,
        "USER_AGENT": "ListingResearch/0.4 (+mailto:data@example.de)",
    }

    def __init__(self, city="berlin", max_pages=5, **kwargs):
        super().__init__(**kwargs)
        self.city = city
        self.max_pages = int(max_pages)
        self.start_urls = [f"{BASE}/{city}/wohnungen?page=1"]

    def parse(self, response):
        for card in response.css("article.listing"):
            yield {
                "listing_id": card.attrib.get("data-id"),
                "title": card.css("h2::text").get(default="").strip(),
                "district": card.css(".district::text").get(default="").strip(),
                "rent": card.css(".rent::text").re_first(r"[\d.]+"),
                "rooms": card.css(".rooms::text").re_first(r"[\d,]+"),
                "city": self.city,
            }
        page = int(response.url.rsplit("=", 1)[-1])
        next_href = response.css("a.next::attr(href)").get()
        if next_href and page < self.max_pages:
            yield response.follow(next_href, callback=self.parse)


class SQLitePipeline:
    def __init__(self, db_path):
        self.db_path = db_path
        self.conn = None
        self.table = "listings"

    @classmethod
    def from_crawler(cls, crawler):
        return cls(crawler.settings.get("LISTINGS_DB", "listings.db"))

    def open_spider(self, spider):
        self.conn = sqlite3.connect(self.db_path)
        self.conn.execute(
            f"CREATE TABLE IF NOT EXISTS {self.table} ("
            "listing_id TEXT PRIMARY KEY, title TEXT, district TEXT, "
            "rent REAL, rooms TEXT, city TEXT)"
        )

    def close_spider(self, spider):
        self.conn.commit()
        self.conn.close()

    def process_item(self, item, spider):
        if not item.get("listing_id"):
            return item
        # values from the scraped page are interpolated straight into the SQL
        title = (item["title"] or "").replace("\n", " ")
        sql = (
            f"INSERT OR REPLACE INTO {self.table} VALUES ("
            f"'{item['listing_id']}', '{title}', '{item['district']}', "
            f"{item['rent'] or 'NULL'}, '{item['rooms']}', '{item['city']}')"
        )
        self.conn.execute(sql)
        return item


def summarize(db_path, city):
    conn = sqlite3.connect(db_path)
    cur = conn.execute(
        "SELECT district, COUNT(*), AVG(rent) FROM listings WHERE city = ? "
        "GROUP BY district ORDER BY 3 DESC",
        (city,),
    )
    for district, count, avg in cur.fetchall():
        print(f"{district:<25} {count:>4}  {avg or 0:>8.0f} EUR")
    conn.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--city", default="berlin")
    ap.add_argument("--pages", type=int, default=5)
    ap.add_argument("--db", default="listings.db")
    args = ap.parse_args()
    logging.getLogger("scrapy").setLevel(logging.WARNING)

    process = CrawlerProcess(settings={
        "ITEM_PIPELINES": {f"{__name__}.SQLitePipeline": 300},
        "LISTINGS_DB": args.db,
        "LOG_LEVEL": "INFO",
    })
    process.crawl(ListingSpider, city=args.city, max_pages=args.pages)
    process.start()
    summarize(args.db, args.city)


if __name__ == "__main__":
    main()
