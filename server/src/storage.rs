//! Where uploaded files live: local files under `DATA/files` by default, or
//! an S3-compatible bucket when `COLLOQUY_STORAGE=s3://bucket/prefix` (with
//! the standard `AWS_*` variables). Both behind `object_store`.

use std::sync::Arc;

use anyhow::Context;
use futures_util::StreamExt;
use futures_util::stream::BoxStream;
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path as ObjectPath;
use object_store::prefix::PrefixStore;
use object_store::{ObjectMeta, ObjectStore, ObjectStoreExt, WriteMultipart};
use tokio::io::AsyncReadExt;

use crate::config::Config;

#[derive(Clone)]
pub struct Storage {
    store: Arc<dyn ObjectStore>,
}

/// Bytes read from a file and handed to the store per part.
const CHUNK: usize = 256 * 1024;

impl Storage {
    pub fn from_config(config: &Config) -> anyhow::Result<Self> {
        let store: Arc<dyn ObjectStore> = match config.storage.as_deref() {
            None => {
                let root = config.data_dir.join("files");
                std::fs::create_dir_all(&root)
                    .with_context(|| format!("cannot create the file store {}", root.display()))?;
                Arc::new(LocalFileSystem::new_with_prefix(&root)?)
            }
            Some(url) => {
                let url = url::Url::parse(url).context("COLLOQUY_STORAGE is not a URL")?;
                anyhow::ensure!(url.scheme() == "s3", "COLLOQUY_STORAGE must be s3://bucket/prefix");
                let bucket = url.host_str().context("COLLOQUY_STORAGE names no bucket")?;
                let s3 = AmazonS3Builder::from_env()
                    .with_bucket_name(bucket)
                    .build()
                    .context("cannot configure S3 storage from the AWS_* variables")?;
                let prefix = url.path().trim_matches('/');
                if prefix.is_empty() { Arc::new(s3) } else { Arc::new(PrefixStore::new(s3, prefix)) }
            }
        };
        Ok(Self { store })
    }

    /// Copies a local file to `key`, part by part, so memory stays flat
    /// whatever the file's size.
    pub async fn put_file(&self, key: &ObjectPath, file: &std::path::Path) -> anyhow::Result<()> {
        let mut source = tokio::fs::File::open(file).await?;
        let upload = self.store.put_multipart(key).await?;
        let mut writer = WriteMultipart::new_with_chunk_size(upload, CHUNK);
        let mut buffer = vec![0u8; CHUNK];
        loop {
            let read = source.read(&mut buffer).await?;
            if read == 0 {
                break;
            }
            writer.wait_for_capacity(2).await?;
            writer.write(&buffer[..read]);
        }
        writer.finish().await?;
        Ok(())
    }

    /// The object's bytes as a stream.
    pub async fn get(
        &self,
        key: &ObjectPath,
    ) -> object_store::Result<BoxStream<'static, object_store::Result<bytes::Bytes>>> {
        Ok(self.store.get(key).await?.into_stream())
    }

    /// Removes an object; one already gone is fine.
    pub async fn delete(&self, key: &ObjectPath) -> object_store::Result<()> {
        match self.store.delete(key).await {
            Err(object_store::Error::NotFound { .. }) => Ok(()),
            other => other,
        }
    }

    /// Every object under `prefix`.
    pub fn list(&self, prefix: &ObjectPath) -> BoxStream<'static, object_store::Result<ObjectMeta>> {
        self.store.list(Some(prefix)).boxed()
    }
}
