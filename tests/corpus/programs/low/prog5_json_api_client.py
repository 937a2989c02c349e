import httpx, os, asyncio
API = "https://api.example.com/v2"
async def main():
    async with httpx.AsyncClient(headers={"X-API-Key": os.environ.get("EXAMPLE_API_KEY", "")}, timeout=10) as c:
        r = await c.get(f"{API}/items", params={"limit": 50})
        for item in r.json()["items"]:
            print(item["id"])
asyncio.run(main())
