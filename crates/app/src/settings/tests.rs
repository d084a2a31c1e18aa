use super::is_https_with_host;
use super::secrets::{entropy_estimate_bits, period_of, secret_weakness};
use super::sections::addresses;

#[test]
fn a_random_secret_passes_and_patterned_ones_do_not() {
    assert_eq!(secret_weakness(&super::random_secret()), None);
    assert!(secret_weakness(&[0u8; 64]).is_some());
    assert!(secret_weakness(&b"abababababababababababababababababababababababababababababababab"[..]).is_some());
    assert!(secret_weakness("oppasmaatje-geheim-".repeat(4).as_bytes()).is_some());
}

#[test]
fn a_thousand_random_secrets_all_pass() {
    for _ in 0..1000 {
        let secret = super::random_secret();
        assert_eq!(secret_weakness(&secret), None, "{}", hex::encode(&secret));
    }
}

#[test]
fn a_counted_secret_is_refused() {
    let sequential: Vec<u8> = (0..64).collect();
    let weakness = secret_weakness(&sequential).unwrap_or_default();
    assert!(weakness.contains("steps that repeat"), "{weakness}");
}

#[test]
fn a_secret_stepping_by_three_is_refused() {
    let stepped: Vec<u8> = (0..64_u8).map(|index| 7 + 3 * index).collect();
    assert_eq!(stepped[..4], [0x07, 0x0a, 0x0d, 0x10]);
    assert!(secret_weakness(&stepped).is_some_and(|weakness| weakness.contains("steps that repeat")));
}

#[test]
fn a_repeated_four_byte_block_is_refused() {
    let repeated = [0x9f, 0x3c, 0xe1, 0x58].repeat(16);
    assert!(secret_weakness(&repeated).is_some());
    assert_eq!(period_of(&repeated), Some(4));
    let block: Vec<u8> = (0..32_u8).map(|index| index.wrapping_mul(73) ^ 0xa5).collect();
    let twice = block.repeat(2);
    assert_eq!(secret_weakness(&twice).as_deref(), Some("repeats a block of 32 bytes"));
}

#[test]
fn a_secret_that_only_climbs_by_one_or_two_has_too_little_entropy() {
    let steps = super::random_secret();
    let mut byte = 0_u8;
    let climbing: Vec<u8> = steps
        .iter()
        .map(|step| {
            byte = byte.wrapping_add(1 + step % 2);
            byte
        })
        .collect();
    assert!(entropy_estimate_bits(&climbing) < 70.0);
    let weakness = secret_weakness(&climbing).unwrap_or_default();
    assert!(weakness.contains("too little entropy"), "{weakness}");
}

#[test]
fn a_public_url_needs_https_and_a_host() {
    assert!(is_https_with_host("https://oppasmaatje.nl"));
    assert!(is_https_with_host("https://oppasmaatje.nl/"));
    assert!(is_https_with_host("https://oppas.example:8443"));
    for refused in [
        "https://",
        "https:///x",
        "https://?x",
        "https://:443",
        "http://oppasmaatje.nl",
        "",
    ] {
        assert!(!is_https_with_host(refused), "{refused} was accepted");
    }
}
use serde::Deserialize;

#[derive(Debug, Deserialize)]
struct Proxies {
    #[serde(deserialize_with = "addresses")]
    trusted_proxies: Vec<std::net::IpAddr>,
}

fn read(value: impl Into<config::Value>) -> Result<Vec<std::net::IpAddr>, config::ConfigError> {
    config::Config::builder()
        .set_override("trusted_proxies", value)?
        .build()?
        .try_deserialize::<Proxies>()
        .map(|proxies| proxies.trusted_proxies)
}

#[test]
fn trusted_proxies_come_as_a_list_or_as_comma_separated_text() -> Result<(), Box<dyn std::error::Error>> {
    let expected: Vec<std::net::IpAddr> = vec!["10.0.0.1".parse()?, "::1".parse()?];
    assert_eq!(read(vec!["10.0.0.1", "::1"])?, expected);
    assert_eq!(read("10.0.0.1, ::1")?, expected);
    assert_eq!(read("")?, Vec::<std::net::IpAddr>::new());
    Ok(())
}

#[test]
fn a_proxy_that_is_not_an_address_is_refused() {
    let Err(error) = read("10.0.0.1,proxy.example") else {
        panic!("a host name was taken for an address");
    };
    assert!(
        error.to_string().contains("'proxy.example' is not an IP address"),
        "{error}"
    );
}

/// The project's configuration files with `extra` added to `test.toml`, in a fresh directory.
fn config_with(extra: &str) -> std::io::Result<std::path::PathBuf> {
    let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../config");
    let dir = std::env::temp_dir().join(format!("oppas-config-{}-{}", std::process::id(), extra.len()));
    std::fs::create_dir_all(&dir)?;
    std::fs::copy(source.join("default.toml"), dir.join("default.toml"))?;
    let test = std::fs::read_to_string(source.join("test.toml"))?;
    std::fs::write(dir.join("test.toml"), format!("{test}\n{extra}\n"))?;
    Ok(dir)
}

#[test]
fn the_bucket_credentials_in_a_configuration_file_are_refused() -> anyhow::Result<()> {
    for (section, key) in [
        ("uploads.s3", "access_key_id"),
        ("uploads.s3", "secret_access_key"),
        ("metrics", "token"),
    ] {
        let dir = config_with(&format!("[{section}]\n{key} = \"in-a-file\""))?;
        let error = super::Settings::load(&dir, super::Environment::Test)
            .map(|_| ())
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        std::fs::remove_dir_all(&dir)?;
        assert!(error.contains("environment only"), "{key}: {error}");
    }
    Ok(())
}

#[test]
fn the_photo_store_is_a_directory_unless_configured_otherwise() -> anyhow::Result<()> {
    let dir = config_with("")?;
    let settings = super::Settings::load(&dir, super::Environment::Test);
    std::fs::remove_dir_all(&dir)?;
    assert_eq!(settings?.uploads.backend, super::UploadBackend::Directory);
    let dir = config_with("[uploads]\nbackend = \"ftp\"")?;
    let settings = super::Settings::load(&dir, super::Environment::Test);
    std::fs::remove_dir_all(&dir)?;
    assert!(settings.is_err(), "an unknown backend is refused at start");
    Ok(())
}

#[test]
fn an_instance_is_named_by_its_setting_or_else_by_host_and_process() {
    let server = |instance: &str| super::ServerSettings {
        bind: "127.0.0.1:0".to_owned(),
        public_url: "http://localhost:8080".to_owned(),
        static_dir: "frontend/dist".into(),
        workers: 0,
        trusted_proxies: Vec::new(),
        body_timeout_secs: 10,
        upload_timeout_secs: 60,
        instance: instance.to_owned(),
        fill_searches_at_start: true,
    };
    assert_eq!(server(" web-2 ").instance_name(), "web-2");
    let named = server("").instance_name();
    let pid = format!("-{}", std::process::id());
    assert!(named.ends_with(&pid), "{named}");
    assert!(named.len() > pid.len(), "{named}");
    assert_eq!(server("  ").instance_name(), named);
}
