import { expect } from 'chai';
import { ConfigError, loadConfig } from '../src/config.js';

/** Contract, "Scale-out": UPLOAD_STORE=s3://BUCKET[/PREFIX] and the AWS SDK's own variables, checked at start. */
function failure(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return (error as Error).message;
  }
  expect.fail(`loadConfig accepted ${JSON.stringify(env)}`);
}

const KEYS = { AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret-example' };

describe('loadConfig: UPLOAD_STORE', () => {
  it('keeps uploads in UPLOAD_DIR when UPLOAD_STORE is not set', () => {
    expect(loadConfig({}).uploadStore).to.equal(undefined);
  });

  it('reads bucket, prefix, region, keys and a non-AWS endpoint', () => {
    const config = loadConfig({
      UPLOAD_STORE: 's3://maplehollow-uploads/site/images/',
      AWS_REGION: 'us-west-2',
      AWS_ENDPOINT_URL_S3: 'https://minio.internal:9000',
      ...KEYS,
    });
    expect(config.uploadStore).to.deep.equal({
      bucket: 'maplehollow-uploads',
      prefix: 'site/images/',
      region: 'us-west-2',
      endpoint: 'https://minio.internal:9000',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret-example' },
    });
  });

  it('takes a bare bucket, and leaves the keys to the SDK (instance role) when none are given', () => {
    const config = loadConfig({ UPLOAD_STORE: 's3://uploads.example', AWS_REGION: 'eu-central-1' });
    expect(config.uploadStore).to.deep.equal({
      bucket: 'uploads.example',
      prefix: '',
      region: 'eu-central-1',
      endpoint: undefined,
      credentials: undefined,
    });
  });

  it('refuses what is not s3://BUCKET[/PREFIX], naming UPLOAD_STORE', () => {
    for (const value of [
      'maplehollow-uploads',
      'https://bucket/x',
      's3://',
      's3://Bucket_Upper',
      's3://b',
      's3://ok/a/../b',
    ]) {
      expect(failure({ UPLOAD_STORE: value, AWS_REGION: 'us-east-1' }), value).to.match(/^ {2}UPLOAD_STORE: must /m);
    }
    expect(failure({ UPLOAD_STORE: 'uploads', AWS_REGION: 'us-east-1' })).to.include(
      'UPLOAD_STORE: must be s3://BUCKET or s3://BUCKET/PREFIX (e.g. s3://maplehollow-uploads/site)',
    );
  });

  it('requires AWS_REGION with UPLOAD_STORE', () => {
    expect(failure({ UPLOAD_STORE: 's3://uploads', ...KEYS })).to.include(
      'AWS_REGION: is required when UPLOAD_STORE is set',
    );
  });

  it('requires AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY together', () => {
    expect(
      failure({ UPLOAD_STORE: 's3://uploads', AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE' }),
    ).to.include('AWS_SECRET_ACCESS_KEY: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together');
  });

  it('refuses an AWS_ENDPOINT_URL_S3 that is not an http(s) URL', () => {
    expect(
      failure({ UPLOAD_STORE: 's3://uploads', AWS_REGION: 'us-east-1', AWS_ENDPOINT_URL_S3: 'minio:9000' }),
    ).to.include('AWS_ENDPOINT_URL_S3: must be an http(s) URL');
  });
});
