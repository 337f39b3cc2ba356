/**
 * Notifications people see, on AWS: the secret the Web Push (VAPID) key pair and the unsubscribe
 * links' key are derived from (Secrets Manager generates it; services/notifications/push/vapid.ts),
 * read by the functions that send pushes (stream: turns and game ends; timer: deadline warnings)
 * or publish the key (the API's functions, graphql and rest); and, when context parlor:mailFrom names a sender, the email digest
 * through SES v2: the sender's domain as an SES identity (its DKIM records are outputs) and the
 * timer function, which runs the digest job every minute, allowed to send from it alone.
 */
import { CfnOutput, Validations } from 'aws-cdk-lib';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

export interface NotificationsProps {
  functions: { api: LambdaFunction[]; stream: LambdaFunction; timer: LambdaFunction };
  /** The page's address, for links in emails (PUBLIC_URL). */
  publicUrl: string;
  /** "Parlor <parlor@example.org>": the digest's sender; absent, no email is sent. */
  mailFrom?: string;
}

export class ParlorNotifications extends Construct {
  readonly secret: Secret;
  readonly mailIdentity?: EmailIdentity;

  constructor(scope: Construct, id: string, props: NotificationsProps) {
    super(scope, id);
    const { api, stream, timer } = props.functions;
    this.secret = new Secret(this, 'VapidSecret', {
      description: 'Parlor: the Web Push (VAPID) key pair and the email unsubscribe links are derived from this secret',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    Validations.of(this.secret).acknowledge({ id: 'AwsSolutions-SMG4', reason: 'Browsers’ push subscriptions are bound to the VAPID public key: a rotation would silence every one of them; rotate by hand if the key is exposed.' });
    for (const fn of [...api, stream, timer]) {
      this.secret.grantRead(fn);
      fn.addEnvironment('VAPID_SECRET_ARN', this.secret.secretArn);
    }
    timer.addEnvironment('PUBLIC_URL', props.publicUrl);
    if (!props.mailFrom) return;
    const address = /<([^>]+)>/.exec(props.mailFrom)?.[1] ?? props.mailFrom;
    const domain = address.split('@')[1];
    if (!domain) throw new Error(`parlor:mailFrom is an address such as "Parlor <parlor@example.org>", not ${props.mailFrom}`);
    this.mailIdentity = new EmailIdentity(this, 'MailIdentity', { identity: Identity.domain(domain) });
    this.mailIdentity.grantSendEmail(timer);
    timer.addEnvironment('MAIL_TRANSPORT', 'ses');
    timer.addEnvironment('MAIL_FROM', props.mailFrom);
    this.mailIdentity.dkimRecords.forEach((r, i) => new CfnOutput(this, `MailDkim${i + 1}`, { value: `${r.name} CNAME ${r.value}`, description: `DNS record ${i + 1} of 3 that verifies ${domain} for SES` }));
  }
}
