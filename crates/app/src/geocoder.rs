//! The optional external geocoder (`map.geocoder_url`, a Nominatim-style search): asked only for
//! places the shipped tables do not know, at most once a second for the whole process, and every
//! answer (found or not) is remembered.

use oppas_domain::browse::ports::Geocoder;
use oppas_domain::kernel::places::{GeocoderError, Place, PlaceSource};
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

/// The usage policy of public geocoders: one request per second.
const MIN_INTERVAL: Duration = Duration::from_secs(1);
/// Answers remembered before the cache starts afresh.
const CACHE_ENTRIES: usize = 10_000;
/// How long one search may take.
const TIMEOUT: Duration = Duration::from_secs(5);

/// A Nominatim-compatible search endpoint.
#[derive(Debug)]
pub struct HttpGeocoder {
    url: String,
    client: reqwest::Client,
    cache: Mutex<HashMap<String, Option<Place>>>,
    /// When the last request left; held while waiting, so requests go out one by one.
    last_request: Mutex<Option<Instant>>,
}

#[derive(Debug, serde::Deserialize)]
struct Hit {
    lat: String,
    lon: String,
    display_name: Option<String>,
}

impl HttpGeocoder {
    /// A geocoder on `url` (e.g. `https://nominatim.openstreetmap.org/search`).
    ///
    /// # Errors
    /// The HTTP client cannot be built.
    pub fn new(url: &str, user_agent: &str) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(user_agent)
            .build()?;
        Ok(Self {
            url: url.trim().to_owned(),
            client,
            cache: Mutex::new(HashMap::new()),
            last_request: Mutex::new(None),
        })
    }

    async fn ask(&self, query: &str) -> Result<Option<Place>, GeocoderError> {
        let mut last = self.last_request.lock().await;
        if let Some(previous) = *last {
            let since = previous.elapsed();
            if since < MIN_INTERVAL {
                tokio::time::sleep(MIN_INTERVAL - since).await;
            }
        }
        *last = Some(Instant::now());
        let search = format!("{query}, Netherlands");
        let response = self
            .client
            .get(&self.url)
            .query(&[("q", search.as_str()), ("format", "json"), ("limit", "1")])
            .send()
            .await
            .map_err(|e| GeocoderError::caused_by("the request failed", e))?;
        if !response.status().is_success() {
            return Err(GeocoderError::new(format!("status {}", response.status())));
        }
        let hits: Vec<Hit> = response
            .json()
            .await
            .map_err(|e| GeocoderError::caused_by("the answer does not read", e))?;
        let Some(hit) = hits.into_iter().next() else {
            return Ok(None);
        };
        let lat: f64 = hit.lat.parse().map_err(|e| GeocoderError::caused_by("latitude", e))?;
        let lon: f64 = hit.lon.parse().map_err(|e| GeocoderError::caused_by("longitude", e))?;
        if !(-90.0..=90.0).contains(&lat) || !(-180.0..=180.0).contains(&lon) {
            return Err(GeocoderError::new("coordinates out of range"));
        }
        Ok(Some(Place {
            lat,
            lon,
            label: hit.display_name.unwrap_or_else(|| query.to_owned()),
            source: PlaceSource::Geocoder,
        }))
    }
}

impl Geocoder for HttpGeocoder {
    fn search<'a>(
        &'a self,
        query: &'a str,
    ) -> Pin<Box<dyn Future<Output = Result<Option<Place>, GeocoderError>> + Send + 'a>> {
        Box::pin(async move {
            let key = query.trim().to_lowercase();
            if let Some(known) = self.cache.lock().await.get(&key) {
                return Ok(known.clone());
            }
            let answer = self.ask(query.trim()).await?;
            let mut cache = self.cache.lock().await;
            if cache.len() >= CACHE_ENTRIES {
                cache.clear();
            }
            cache.insert(key, answer.clone());
            Ok(answer)
        })
    }
}
