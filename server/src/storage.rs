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
use object_store::{MultipartUpload, ObjectMeta, ObjectStore, ObjectStoreExt};
use tokio::io::AsyncReadExt;
use tokio::sync::Semaphore;
use tokio::task::JoinSet;

use crate::config::Config;

#[derive(Clone)]
pub struct Storage {
    store: Arc<dyn ObjectStore>,
    /// Each file being stored holds a permit: together with the part size
    /// this bounds the memory all uploads to the store can take at once.
    transfers: Arc<Semaphore>,
    /// The folder of local storage (None for S3).
    local_root: Option<std::path::PathBuf>,
}

/// Files smaller than this go to the store in one PUT; larger ones in parts
/// of exactly this size (the last one smaller). S3 refuses parts under
/// 5 MiB except the last (`EntityTooSmall`), and some S3-compatible stores
/// want all parts but the last to be the same size.
pub const PART_BYTES: usize = 5 * 1024 * 1024;
/// Parts of one file on their way at once.
const PARTS_IN_FLIGHT: usize = 2;
/// Files stored at once; more wait their turn. With the part size this
/// caps the buffers at about 8 × 2 × 5 MiB = 80 MiB however many upload.
const TRANSFERS: usize = 8;

impl Storage {
    pub fn from_config(config: &Config) -> anyhow::Result<Self> {
        let local_root = config.storage.is_none().then(|| config.data_dir.join("files"));
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
        Ok(Self { store, transfers: Arc::new(Semaphore::new(TRANSFERS)), local_root })
    }

    /// Copies a local file to `key`: in one PUT when it is small, else in
    /// parts of `PART_BYTES`, read from the file as they go so memory stays
    /// bounded whatever the file's size. A multipart upload that fails is
    /// aborted, so the store keeps no parts of it.
    pub async fn put_file(&self, key: &ObjectPath, file: &std::path::Path) -> anyhow::Result<()> {
        let source = tokio::fs::File::open(file).await?;
        let store = Arc::clone(&self.store);
        let transfers = Arc::clone(&self.transfers);
        let key = key.clone();
        // A task of its own, so a request that goes away mid-way (the client
        // disconnected) cannot drop a multipart upload half done: the copy
        // finishes or aborts either way. The open file outlives its name.
        tokio::spawn(async move {
            let _turn = transfers.acquire_owned().await.context("the storage is shutting down")?;
            copy_to_store(store, key, source).await
        })
        .await
        .context("storing the file stopped unexpectedly")?
    }

    /// Stores a small object already in memory (a typeset program PDF).
    pub async fn put_bytes(&self, key: &ObjectPath, bytes: bytes::Bytes) -> anyhow::Result<()> {
        self.store.put(key, bytes.into()).await.context("storing a file failed")?;
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

    /// Whether the store answers within two seconds.
    pub async fn is_reachable(&self) -> bool {
        let probe = async {
            match &self.local_root {
                // A missing folder lists as empty: ask the file system itself.
                Some(root) => tokio::fs::metadata(root).await.is_ok_and(|m| m.is_dir()),
                // A missing bucket or bad credentials fail a listing; an
                // empty prefix lists nothing, so this costs one small request.
                None => self.store.list_with_delimiter(Some(&ObjectPath::from("health"))).await.is_ok(),
            }
        };
        tokio::time::timeout(std::time::Duration::from_secs(2), probe).await.unwrap_or(false)
    }

    /// Writes a small object, reads it back and deletes it (`colloquy
    /// check`); says which step failed.
    pub async fn check_round_trip(&self) -> anyhow::Result<()> {
        let key = ObjectPath::from(format!("check/{}.txt", uuid::Uuid::now_v7()));
        let written = bytes::Bytes::from_static(b"colloquy check");
        self.store.put(&key, written.clone().into()).await.context("writing a test object failed")?;
        let read = self.store.get(&key).await.context("reading the test object back failed")?;
        let read = read.bytes().await.context("reading the test object back failed")?;
        anyhow::ensure!(read == written, "the test object read back differs from what was written");
        self.store.delete(&key).await.context("deleting the test object failed")?;
        Ok(())
    }

    /// Every object in the store.
    pub fn list_all(&self) -> BoxStream<'static, object_store::Result<ObjectMeta>> {
        self.store.list(None).boxed()
    }

    /// Every object under `prefix`.
    pub fn list(&self, prefix: &ObjectPath) -> BoxStream<'static, object_store::Result<ObjectMeta>> {
        self.store.list(Some(prefix)).boxed()
    }
}

/// Copies `source` to `key`, in one PUT or, from `PART_BYTES` on, as a
/// multipart upload with at most `PARTS_IN_FLIGHT` parts buffered at once.
///
/// When a part or the completion fails, the parts still on their way are
/// waited for before the upload is aborted: S3 may store a part whose
/// request arrives after the abort (its documentation says to abort again),
/// and a part cancelled mid-request on this side can still arrive. So the
/// abort comes last and the store keeps nothing (object_store's own writer
/// cancels the parts in flight and then aborts).
async fn copy_to_store(
    store: Arc<dyn ObjectStore>,
    key: ObjectPath,
    mut source: tokio::fs::File,
) -> anyhow::Result<()> {
    let first = read_part(&mut source).await.with_context(|| format!("reading the file for {key}"))?;
    if first.len() < PART_BYTES {
        store.put(&key, first.into()).await.with_context(|| format!("storing {key}"))?;
        return Ok(());
    }
    let mut upload = store.put_multipart(&key).await.with_context(|| format!("storing {key}"))?;
    let mut parts = JoinSet::new();
    let sent = send_parts(upload.as_mut(), &mut parts, first, &mut source).await;
    let completed = match sent {
        Ok(()) => upload.complete().await.map(drop).map_err(anyhow::Error::new),
        Err(error) => Err(error),
    };
    if let Err(error) = completed {
        // Let every part on its way land (or fail) first, then abort.
        while parts.join_next().await.is_some() {}
        // Parts already stored would stay (and be billed) until aborted.
        if let Err(abort) = upload.abort().await {
            tracing::warn!(%key, error = %abort, "could not abort a failed multipart upload");
        }
        return Err(error.context(format!("storing {key}")));
    }
    Ok(())
}

/// Sends `first` and the rest of `source` as parts; returns once every part
/// is stored, or at the first failure (with other parts maybe still on
/// their way in `parts`).
async fn send_parts(
    upload: &mut dyn MultipartUpload,
    parts: &mut JoinSet<object_store::Result<()>>,
    first: bytes::Bytes,
    source: &mut tokio::fs::File,
) -> anyhow::Result<()> {
    let mut part = first;
    loop {
        parts.spawn(upload.put_part(part.into()));
        // A part is read only when there is room for it in flight.
        while parts.len() >= PARTS_IN_FLIGHT {
            one_stored(parts).await?;
        }
        part = read_part(source).await.context("reading the file")?;
        if part.is_empty() {
            break;
        }
    }
    while !parts.is_empty() {
        one_stored(parts).await?;
    }
    Ok(())
}

/// Waits for the next part in `parts` to finish; its failure, if it failed.
async fn one_stored(parts: &mut JoinSet<object_store::Result<()>>) -> anyhow::Result<()> {
    if let Some(joined) = parts.join_next().await {
        joined.context("a part's upload stopped")??;
    }
    Ok(())
}

/// Up to `PART_BYTES` from `source`: fewer only at the end of the file.
async fn read_part(source: &mut tokio::fs::File) -> std::io::Result<bytes::Bytes> {
    let mut part = bytes::BytesMut::with_capacity(PART_BYTES);
    while part.len() < PART_BYTES {
        // Never past PART_BYTES, whatever capacity the buffer was given.
        let room = (PART_BYTES - part.len()) as u64;
        if (&mut *source).take(room).read_buf(&mut part).await? == 0 {
            break;
        }
    }
    Ok(part.freeze())
}
