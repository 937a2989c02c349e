import os
import sys

import requests

API = "https://api.openweathermap.org/data/2.5/weather"


def weather(city):
    key = os.environ["OPENWEATHER_API_KEY"]
    r = requests.get(API, params={"q": city, "appid": key, "units": "metric"}, timeout=10)
    r.raise_for_status()
    data = r.json()
    return f"{data['name']}: {data['main']['temp']}°C, {data['weather'][0]['description']}"


if __name__ == "__main__":
    print(weather(sys.argv[1] if len(sys.argv) > 1 else "Berlin"))
